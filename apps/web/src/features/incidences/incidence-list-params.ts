import {
  INCIDENCE_SORT_FIELDS,
  INCIDENCE_STATUSES,
  type IncidenceSortField,
  type IncidenceStatus,
} from '@plantlens/contracts';
import { ROUTES, breadcrumbTrail, type RouteName } from '../../config/routes';

// The state of /incidence/list lives in its address, so the filters survive a reload and a link from the
// current-status map can open the list narrowed to an asset. Parameters at their defaults are left out.
export type SortOrder = 'asc' | 'desc';

export interface IncidenceListParams {
  /** CurrentStatusIncidence when opened from the map (spec §2: Back returns there) */
  origin?: 'CurrentStatusIncidence';
  status?: IncidenceStatus;
  /** rule tags; a summary matches when its rule carries any */
  tags: string[];
  /** only summaries with an activation in the last 30 days */
  last30Days: boolean;
  /** asset ids of the map */
  assets: number[];
  /** text in the rule name */
  filter: string;
  /** 1-based */
  page: number;
  sortField: IncidenceSortField;
  sortOrder: SortOrder;
}

// Spec §9: incidence tables show 10 rows and sort by gravity descending.
export const INCIDENCE_TABLE_PAGE_SIZE = 10;
const DEFAULT_SORT: Pick<IncidenceListParams, 'sortField' | 'sortOrder'> = {
  sortField: 'gravity',
  sortOrder: 'desc',
};

// Only statuses a user sets with the selector: SOLVED is the Resolve action's, and resolved summaries
// leave the list for the historic one.
export const SELECTABLE_STATUSES = INCIDENCE_STATUSES.filter((status) => status !== 'SOLVED');

const list = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

const isStatus = (value: string | null): value is IncidenceStatus =>
  (INCIDENCE_STATUSES as readonly (string | null)[]).includes(value);
const isSortField = (value: string | null): value is IncidenceSortField =>
  (INCIDENCE_SORT_FIELDS as readonly (string | null)[]).includes(value);

export function readIncidenceListParams(search: URLSearchParams): IncidenceListParams {
  const status = search.get('status');
  const sortField = search.get('sortField');
  const page = Number(search.get('page'));
  const hasSort = isSortField(sortField);
  return {
    origin: search.get('origin') === 'CurrentStatusIncidence' ? 'CurrentStatusIncidence' : undefined,
    status: isStatus(status) ? status : undefined,
    tags: [...new Set(list(search.get('tags')))],
    last30Days: search.get('last30Days') === 'true',
    assets: list(search.get('assets'))
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0),
    filter: (search.get('filter') ?? '').trim(),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    sortField: hasSort ? sortField : DEFAULT_SORT.sortField,
    sortOrder: hasSort && search.get('sortOrder') === 'asc' ? 'asc' : DEFAULT_SORT.sortOrder,
  };
}

/** The query string of the list with these parameters, without '?'. */
export function incidenceListSearch(params: IncidenceListParams): string {
  const search = new URLSearchParams();
  if (params.origin) search.set('origin', params.origin);
  if (params.status) search.set('status', params.status);
  if (params.tags.length > 0) search.set('tags', params.tags.join(','));
  if (params.last30Days) search.set('last30Days', 'true');
  if (params.assets.length > 0) search.set('assets', params.assets.join(','));
  if (params.filter) search.set('filter', params.filter);
  if (params.page > 1) search.set('page', String(params.page));
  if (params.sortField !== DEFAULT_SORT.sortField || params.sortOrder !== DEFAULT_SORT.sortOrder) {
    search.set('sortField', params.sortField);
    search.set('sortOrder', params.sortOrder);
  }
  return search.toString().replaceAll('%2C', ',');
}

/** A change of filter starts again at the first page; a change of page keeps the filters. */
export function withFilters(
  params: IncidenceListParams,
  changes: Partial<Omit<IncidenceListParams, 'page'>>,
): IncidenceListParams {
  return { ...params, ...changes, page: 1 };
}

// The query parameters of GET /api/web/evaluations-incidence(/v2) (spec §7).
export function incidenceListRequest(params: IncidenceListParams): Record<string, string | number | boolean> {
  return {
    page: params.page,
    pageSize: INCIDENCE_TABLE_PAGE_SIZE,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    ...(params.last30Days && { lastActivationFiltered: true }),
    ...(params.status && { filterStatus: params.status }),
    ...(params.tags.length > 0 && { filterTags: params.tags.join(',') }),
    ...(params.assets.length > 0 && { filterAssets: params.assets.join(',') }),
    ...(params.filter && { filter: params.filter }),
  };
}

/** Back from the list: to the map when opened from it, otherwise to the workspace (spec §2). */
export function incidenceListBackRoute({ origin }: Pick<IncidenceListParams, 'origin'>): RouteName {
  return origin ?? 'Workspace';
}

export function incidenceListTrail({ origin }: Pick<IncidenceListParams, 'origin'>): RouteName[] {
  return origin ? [origin, 'IncidenceList'] : breadcrumbTrail('IncidenceList');
}

/** The list opened from the map, narrowed to an asset (and its descendants) when one is chosen. */
export function incidenceListFromMapPath(assetId?: number): string {
  const search = incidenceListSearch({
    ...readIncidenceListParams(new URLSearchParams()),
    origin: 'CurrentStatusIncidence',
    assets: assetId === undefined ? [] : [assetId],
  });
  return `${ROUTES.IncidenceList}?${search}`;
}
