import { useAccount } from '../../../lib/account-api';
import { useGetIncidenceSummariesQuery, useGetIncidenceSummariesV1Query } from '../api';
import { showsOrigin, summaryGeneration } from '../incidence-access';
import { incidenceListRequest, type IncidenceListParams } from '../incidence-list-params';
import { v1Row, v2Row, type IncidenceRow } from '../incidence-rows';

const NO_ROWS: IncidenceRow[] = [];

const NO_AUTHORITIES: string[] = [];

// The page of summaries the list shows, from the call of the user's generation (spec §6); nothing is
// asked before the account (and so the generation) is known.
export function useIncidenceSummaries(params: IncidenceListParams) {
  const account = useAccount().data;
  const authorities = account?.authorities ?? NO_AUTHORITIES;
  const generation = account ? summaryGeneration(authorities) : undefined;
  const request = incidenceListRequest(params);
  const v2 = useGetIncidenceSummariesQuery(request, {
    skip: generation !== 'v2',
    refetchOnMountOrArgChange: true,
  });
  const v1 = useGetIncidenceSummariesV1Query(request, {
    skip: generation !== 'v1',
    refetchOnMountOrArgChange: true,
  });
  const common = generation === 'v2' ? v2 : v1;
  const fetching = generation === undefined || common.isFetching;
  return {
    rows: (generation === 'v2' ? v2.data?.data.map(v2Row) : v1.data?.data.map(v1Row)) ?? NO_ROWS,
    totalItems: (generation === 'v2' ? v2.data?.pagination.totalItems : v1.data?.count) ?? 0,
    showsOrigin: showsOrigin(authorities, generation ?? 'v1'),
    isFetching: fetching,
    isError: common.isError,
    error: common.error,
  };
}
