import { useAccount } from '../../../lib/account-api';
import { useGetIncidenceSummariesQuery, useGetIncidenceSummariesV1Query } from '../api';
import { showsOrigin, summaryGeneration } from '../incidence-access';
import { incidenceListRequest, type IncidenceListParams } from '../incidence-list-params';
import { v1Row, v2Row, type IncidenceRow } from '../incidence-rows';
import { LIVE_LIST_POLLING } from '../live-refresh';

const NO_ROWS: IncidenceRow[] = [];

const NO_AUTHORITIES: string[] = [];

// The page of summaries the list shows, from the call of the user's generation (spec §6); nothing is
// asked before the account (and so the generation) is known. It reloads by itself (live-refresh.ts).
export function useIncidenceSummaries(params: IncidenceListParams) {
  const account = useAccount().data;
  const authorities = account?.authorities ?? NO_AUTHORITIES;
  const generation = account ? summaryGeneration(authorities) : undefined;
  const request = incidenceListRequest(params);
  const v2 = useGetIncidenceSummariesQuery(request, { skip: generation !== 'v2', ...LIVE_LIST_POLLING });
  const v1 = useGetIncidenceSummariesV1Query(request, { skip: generation !== 'v1', ...LIVE_LIST_POLLING });
  const common = generation === 'v2' ? v2 : v1;
  return {
    rows: (generation === 'v2' ? v2.data?.data.map(v2Row) : v1.data?.data.map(v1Row)) ?? NO_ROWS,
    totalItems: (generation === 'v2' ? v2.data?.pagination.totalItems : v1.data?.count) ?? 0,
    showsOrigin: showsOrigin(authorities, generation ?? 'v1'),
    isFetching: generation === undefined || common.isFetching,
    /** fetching rows not shown yet (the first load, another page or filter), not a reload of these */
    isFetchingOthers: generation === undefined || (common.isFetching && common.currentData === undefined),
    updatedAt: common.fulfilledTimeStamp,
    refetch: () => void common.refetch(),
    isError: common.isError,
    error: common.error,
  };
}
