import dayjs from 'dayjs';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import type { DateRange } from '../../../lib/date-ranges';
import { usePageTrail } from '../../../components/page-breadcrumb';
import { defaultEvolutionRange } from '../../explorer/date-ranges';
import type { ExplorerFilter } from '../../explorer/explorer-query';
import { queryListBack } from '../url-params';
import { useAddressQuery } from './use-address-query';

/** What both correlation chart addresses carry besides their view. */
interface ChartPageQuery {
  range: DateRange | null;
  origin: string | null;
  queryName: string | null;
  filter: ExplorerFilter | null;
}

interface ChartPageRoutes<Query> {
  parse: (params: URLSearchParams) => Query;
  serialize: (params: URLSearchParams, query: Query) => string;
  /** the chart's route, the last step of the trail from the query list */
  chart: 'ExplorerCorrelation' | 'ExplorerMultipleCorrelation';
  /** the parameter selection Back leads to when the chart was not opened from the query list */
  selection: 'ExplorerCorrelationVariables' | 'ExplorerMultipleCorrelationVariables';
}

/**
 * The frame both correlation chart pages share: the query read from the address, its range (without dates
 * in the address, a query saved without them, the explorer's default range, fixed once), `update`, which
 * writes a change as a new history entry so Back undoes it, the breadcrumb from the query list, and the
 * toolbar's Back by origin (spec part 2 §2): to the query list it came from, else to the parameter
 * selection of this view.
 */
export function useCorrelationChartPage<Query extends ChartPageQuery>({
  parse,
  serialize,
  chart,
  selection,
}: ChartPageRoutes<Query>) {
  const { query, params, navigate } = useAddressQuery(parse);
  const { search } = useLocation();
  const [defaultRange] = useState(() => defaultEvolutionRange(dayjs()));
  const range = query.range ?? defaultRange;
  usePageTrail(query.origin === 'QueryList' || query.filter ? ['Workspace', 'QueryList', chart] : undefined);

  const show = (next: Query) => navigate({ search: serialize(params, next) });
  const update = (change: Partial<Query>) => show({ ...query, range, ...change });
  const back =
    query.origin === 'QueryList'
      ? queryListBack(query.filter)
      : `${ROUTES[selection]}?${serialize(params, { ...query, origin: null, queryName: null, filter: null })}`;
  // Where the page sends an address without a complete pair: the parameter selection, with what it has.
  const incomplete = { pathname: ROUTES[selection], search };
  const toolbar = {
    back,
    queryName: query.queryName,
    range,
    onRangeChange: (next: DateRange) => show({ ...query, range: next }),
  };
  return { query, range, update, navigate, incomplete, toolbar };
}
