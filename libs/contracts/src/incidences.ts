import { z } from 'zod';
import {
  booleanQuerySchema,
  commaListSchema,
  nameSchema,
  pathIdSchema,
  PG_INTEGER_MAX,
  queryIdListSchema,
  queryIntegerSchema,
  textSchema,
} from './schema-parts';
import { ruleOperatorSchema } from './rules';

// Incidences (spec part 2 §2 "Rules and incidences", §3, §4, §7). The engine opens an incidence when a
// rule's condition turns true and closes it when it turns false. The incidences of one rule are followed
// as one summary: it starts with the rule's first opening, gathers the openings that follow, and is
// handled through statuses until someone resolves it (SOLVED); the next opening starts a new summary.

export const INCIDENCE_STATUSES = ['NEW', 'REVISION', 'REPORTED', 'DISMISSED', 'SOLVED'] as const;
export const incidenceStatusSchema = z.enum(INCIDENCE_STATUSES, {
  message: 'must be one of NEW, REVISION, REPORTED, DISMISSED, SOLVED',
});
export type IncidenceStatus = z.infer<typeof incidenceStatusSchema>;
/** Set only by resolve-summary; a resolved summary is closed (it appears in closed-summaries). */
export const RESOLVED_STATUS: IncidenceStatus = 'SOLVED';

export const IncidenceMessages = {
  notFound: 'Incidence summary not found',
  resolvedUnchangeable: 'A resolved incidence summary cannot change status',
  resolveThroughResolve: 'SOLVED is set by resolve-summary',
  editForbidden: 'You may not handle the incidences of this rule',
} as const;

/** Days of the evolution strip and of the "activations in 30 days" filter (spec §9). */
export const EVOLUTION_DAYS = 30;
export const INCIDENCE_PAGE_SIZE_DEFAULT = 10;
export const INCIDENCE_PAGE_SIZE_MAX = 200;

export const incidenceIdParamsSchema = z.object({ id: pathIdSchema });
export const incidenceRuleIdParamsSchema = z.object({ ruleId: pathIdSchema });

const idCommaList = queryIdListSchema('must be comma-separated positive integer ids').default([]);

const page = queryIntegerSchema('must be a page number from 1', 1, PG_INTEGER_MAX).default(1);
const pageSize = queryIntegerSchema(
  `must be a number from 1 to ${INCIDENCE_PAGE_SIZE_MAX}`,
  1,
  INCIDENCE_PAGE_SIZE_MAX,
).default(INCIDENCE_PAGE_SIZE_DEFAULT);

export const INCIDENCE_SORT_FIELDS = [
  'gravity',
  'name',
  'firstActivation',
  'lastActivation',
  'totalActivations',
  'status',
] as const;
export type IncidenceSortField = (typeof INCIDENCE_SORT_FIELDS)[number];

// GET /api/web/evaluations-incidence and /v2. Default order: gravity descending (spec §9).
export const incidenceListQuerySchema = z.object({
  page,
  pageSize,
  /** only summaries with an activation in the last 30 days */
  lastActivationFiltered: booleanQuerySchema,
  /** text found in the rule name, any case */
  filter: textSchema().trim().max(200).optional(),
  sortField: z
    .enum(INCIDENCE_SORT_FIELDS, { message: `must be one of ${INCIDENCE_SORT_FIELDS.join(', ')}` })
    .default('gravity'),
  // Ant Design's table says ascend / descend.
  sortOrder: z
    .enum(['asc', 'desc', 'ascend', 'descend'], { message: 'must be asc or desc' })
    .default('desc')
    .transform((order) => (order.startsWith('asc') ? 'asc' : 'desc')),
  filterStatus: incidenceStatusSchema.optional(),
  /** asset ids of GET /api/web/current-status-incidence; a summary matches its rule's asset or a descendant */
  filterAssets: idCommaList,
  /** rule tags: a summary matches when its rule carries any of them */
  filterTags: commaListSchema,
});
export type IncidenceListQuery = z.infer<typeof incidenceListQuerySchema>;

const isoDate = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
  .transform((text) => new Date(text).getTime());

// GET /api/web/evaluations-incidence/closed-summaries — resolved summaries whose activity (first to last
// activation) meets [beginDate, endDate].
export const closedSummariesQuerySchema = z
  .object({
    page,
    pageSize,
    filter: textSchema().trim().max(200).optional(),
    beginDate: isoDate,
    endDate: isoDate,
    filterTags: commaListSchema,
  })
  .refine((query) => query.beginDate <= query.endDate, {
    path: ['endDate'],
    message: 'must not be before beginDate',
  });
export type ClosedSummariesQuery = z.infer<typeof closedSummariesQuerySchema>;

// PUT /api/web/evaluations-incidence/{id}/ — the spec sends "the new status as payload": {status} or the
// bare JSON string are both accepted. SOLVED goes through resolve-summary.
export const incidenceStatusChangeSchema = z.preprocess(
  (body) => (typeof body === 'string' ? { status: body } : body),
  z.object({
    status: incidenceStatusSchema.refine((status) => status !== RESOLVED_STATUS, {
      message: IncidenceMessages.resolveThroughResolve,
    }),
  }),
);
export type IncidenceStatusChange = z.infer<typeof incidenceStatusChangeSchema>;

// PUT /api/web/evaluations-incidence/manage-summary/{ruleId}/ — {enabled} or the bare boolean: switches
// the rule on or off from the incidence table.
export const manageSummarySchema = z.preprocess(
  (body) => (typeof body === 'boolean' ? { enabled: body } : body),
  z.object({ enabled: z.boolean({ message: 'must be true or false' }) }),
);
export type ManageSummary = z.infer<typeof manageSummarySchema>;

// ---- Responses ----------------------------------------------------------------------------------------

export const paginationDtoSchema = z.strictObject({
  totalPages: z.number().int(),
  /** 1-based */
  currentPage: z.number().int(),
  totalItems: z.number().int(),
});
export type PaginationDto = z.infer<typeof paginationDtoSchema>;

// One day of the evolution strip: date as [year, month 1-12, day] (UTC).
export const dayEvolutionDtoSchema = z.strictObject({
  date: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
  /** activations / evaluations of that day, 0 without evaluations */
  ratio: z.number(),
  activations: z.number().int(),
  totalEvaluations: z.number().int(),
});
export type DayEvolutionDto = z.infer<typeof dayEvolutionDtoSchema>;

// Spec §3 "Incidence summary v2". Dates in unix seconds.
export const incidenceSummaryV2DtoSchema = z.strictObject({
  id: z.number().int(),
  /** canEdit (beyond the spec): the caller may change the status, resolve and switch the rule */
  rule: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    isEnabled: z.boolean(),
    canEdit: z.boolean(),
  }),
  firstActivationDate: z.number().int(),
  lastActivationDate: z.number().int(),
  /** activations / evaluations over the summary's days (first to last activation, UTC), in percent */
  gravityPercent: z.number(),
  /** incidences opened in this summary */
  totalActivations: z.number().int(),
  /** the rule's condition in words; null unless the caller holds ROLE_SUPERADMIN or ROLE_PLANTLENS */
  origin: z.string().nullable(),
  /** current status: the latest of historicStatus */
  status: incidenceStatusSchema,
  historicStatus: z.array(
    z.strictObject({
      status: incidenceStatusSchema,
      date: z.number().int(),
      userId: z.number().int().nullable(),
    }),
  ),
  evolutionLast30Days: z.array(dayEvolutionDtoSchema),
  /** the rule's variables, for the explorer link */
  variableIds: z.array(z.number().int()),
  /** an incidence of the summary is open right now */
  open: z.boolean(),
});
export type IncidenceSummaryV2Dto = z.infer<typeof incidenceSummaryV2DtoSchema>;

export const incidenceSummaryV2PageDtoSchema = z.strictObject({
  data: z.array(incidenceSummaryV2DtoSchema),
  pagination: paginationDtoSchema,
});
export type IncidenceSummaryV2PageDto = z.infer<typeof incidenceSummaryV2PageDtoSchema>;

// A status change as the older calls show it; offsetDateTime is ISO 8601 with offset (UTC).
export const statusChangeDtoSchema = z.strictObject({
  status: incidenceStatusSchema,
  offsetDateTime: z.string(),
  /** null for the NEW entry the engine writes */
  userId: z.number().int().nullable(),
});
export type StatusChangeDto = z.infer<typeof statusChangeDtoSchema>;

// Spec §3 "Older v1 summary".
export const incidenceSummaryV1DtoSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  ruleId: z.number().int(),
  /** ISO 8601 */
  firstActivation: z.string(),
  lastActivation: z.string(),
  /** 0 to 1 */
  gravity: z.number(),
  numberOfRealActivations: z.number().int(),
  /** null unless the caller holds ROLE_SUPERADMIN, ROLE_PLANTLENS or INCIDENCEORIGEN */
  origin: z.string().nullable(),
  enabled: z.boolean(),
  /** beyond the spec: the caller may change the status, resolve and switch the rule */
  canEdit: z.boolean(),
  status: incidenceStatusSchema,
  statusChanges: z.array(statusChangeDtoSchema),
  /** the last 30 days, oldest first; date YYYY-MM-DD (UTC) */
  dayEvaluations: z.array(
    z.strictObject({ date: z.string(), evaluations: z.number().int(), activations: z.number().int() }),
  ),
});
export type IncidenceSummaryV1Dto = z.infer<typeof incidenceSummaryV1DtoSchema>;

// Envelope of the older list calls (v1 and closed-summaries).
function pagedListDtoSchema<Item extends z.ZodType>(item: Item) {
  return z.strictObject({
    data: z.array(item),
    totalPages: z.number().int(),
    currentPage: z.number().int(),
    count: z.number().int(),
  });
}
export type PagedListDto<T> = z.infer<ReturnType<typeof pagedListDtoSchema<z.ZodType<T>>>>;

export const incidenceSummaryV1PageDtoSchema = pagedListDtoSchema(incidenceSummaryV1DtoSchema);

// Spec §3 "Historic incidence row".
export const historicIncidenceRowDtoSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  ruleId: z.number().int(),
  numberOfRealActivations: z.number().int(),
  origin: z.string().nullable(),
  /** ISO 8601 */
  firstActivation: z.string(),
  lastActivation: z.string(),
  statusChanges: z.array(statusChangeDtoSchema),
  variableIds: z.array(z.number().int()),
});
export type HistoricIncidenceRowDto = z.infer<typeof historicIncidenceRowDtoSchema>;

export const historicIncidencePageDtoSchema = pagedListDtoSchema(historicIncidenceRowDtoSchema);

// Spec §3 "Current-status asset (map)": flat; the web shapes the tree by parentId.
export const currentStatusAssetDtoSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  /** beyond the spec: what people call the asset ("Coke drum A" for coke_drum_a); null: show the name */
  label: z.string().nullable(),
  parentId: z.number().int().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** unresolved incidence summaries of the rules on this asset the caller may read; null: not available */
  count: z.number().int().nullable(),
});
export type CurrentStatusAssetDto = z.infer<typeof currentStatusAssetDtoSchema>;

// Beyond the spec: PUT /api/web/current-status-incidence/assets, the plant's layout for the map. Assets are
// made when a rule names one (its first variable's client reference up to "_"); an administrator or a data
// source (service token) places them and hangs them under a parent, by name, so a layout can be declared
// before any rule exists. Each item replaces that asset's parent and position; assets not named keep theirs.
export const ASSET_LAYOUT_MAX_ITEMS = 1_000;

export const AssetLayoutMessages = {
  unknownParent: 'The parent is neither in the layout nor an existing asset',
  cycle: 'The layout makes an asset its own ancestor',
  duplicate: 'An asset is named twice in the layout',
} as const;

const assetName = nameSchema().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const assetPlacementSchema = z
  .object({
    name: assetName,
    /** absent: the asset keeps its label; null: none (the name is shown) */
    label: assetName.nullable().optional(),
    parent: assetName.nullable().default(null),
    lat: z
      .number()
      .min(-90, 'must be between -90 and 90')
      .max(90, 'must be between -90 and 90')
      .nullable()
      .default(null),
    lng: z
      .number()
      .min(-180, 'must be between -180 and 180')
      .max(180, 'must be between -180 and 180')
      .nullable()
      .default(null),
  })
  .refine((item) => (item.lat === null) === (item.lng === null), {
    message: 'lat and lng go together: both numbers, or both null (no position)',
    path: ['lng'],
  })
  .refine((item) => item.parent !== item.name, {
    message: 'an asset cannot be its own parent',
    path: ['parent'],
  });
export type AssetPlacement = z.infer<typeof assetPlacementSchema>;

export const assetLayoutSchema = z.object({
  assets: z
    .array(assetPlacementSchema)
    .min(1, 'must name at least one asset')
    .max(ASSET_LAYOUT_MAX_ITEMS, `must name at most ${ASSET_LAYOUT_MAX_ITEMS} assets per request`),
});
export type AssetLayout = z.infer<typeof assetLayoutSchema>;

// Beyond the spec: the site plan drawn behind the map's markers, which works offline (the plant network
// reaches no tile server). An administrator uploads one PNG or JPEG (its type read from its first bytes,
// not trusted from the request) and places it by its top-left and bottom-right corners.
//   GET    /api/web/current-status-incidence/site-plan          {plan}: what is stored, or null
//   GET    /api/web/current-status-incidence/site-plan/image    the image; ?v=<version> makes it cacheable for good
//   PUT    /api/web/current-status-incidence/site-plan/image    the image as the body, the corners in the query
//   PUT    /api/web/current-status-incidence/site-plan/corners  new corners for the stored image
//   DELETE /api/web/current-status-incidence/site-plan
export const SITE_PLAN_PATH = 'web/current-status-incidence/site-plan';
export const SITE_PLAN_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type SitePlanImageType = (typeof SITE_PLAN_IMAGE_TYPES)[number];
// A site plan of a few thousand pixels a side fits well under it; it is held in memory whole.
export const SITE_PLAN_MAX_BYTES = 10_000_000;

export const SitePlanMessages = {
  notAnImage: 'The site plan must be a PNG or JPEG image',
  tooLarge: `The site plan exceeds ${SITE_PLAN_MAX_BYTES / 1_000_000} MB`,
  none: 'No site plan has been uploaded',
  corners: 'The top-left corner must be north and west of the bottom-right one',
} as const;

const degrees = (limit: number) => `must be between -${limit} and ${limit}`;
const between = (limit: number) => z.number().min(-limit, degrees(limit)).max(limit, degrees(limit));
// In a query string: plain decimal text only (no blanks, exponents, hex or empty text read as 0).
const betweenInQuery = (limit: number) => {
  const message = `must be a decimal number ${degrees(limit).replace('must be ', '')}`;
  return z
    .string({ message })
    .regex(/^-?\d{1,3}(\.\d{1,15})?$/, { message, abort: true })
    .transform(Number)
    .pipe(between(limit));
};

interface CornerDegrees {
  topLeftLat: number;
  topLeftLng: number;
  bottomRightLat: number;
  bottomRightLng: number;
}

function cornersSchema(lat: z.ZodType<number, unknown>, lng: z.ZodType<number, unknown>) {
  return z.object({ topLeftLat: lat, topLeftLng: lng, bottomRightLat: lat, bottomRightLng: lng }).refine(
    (corners) => {
      const { topLeftLat, topLeftLng, bottomRightLat, bottomRightLng } = corners as CornerDegrees;
      return topLeftLat > bottomRightLat && topLeftLng < bottomRightLng;
    },
    { message: SitePlanMessages.corners, path: ['bottomRightLat'] },
  );
}

export const sitePlanCornersSchema = cornersSchema(between(90), between(180));
/** the corners of an upload, in its query string */
export const sitePlanCornersQuerySchema = cornersSchema(betweenInQuery(90), betweenInQuery(180));
export type SitePlanCorners = CornerDegrees;

export const sitePlanDtoSchema = z.object({
  contentType: z.enum(SITE_PLAN_IMAGE_TYPES),
  bytes: z.number().int(),
  /** changes with the image: the image's address carries it, so a cached copy is never stale */
  version: z.string(),
  corners: sitePlanCornersSchema,
  /** ISO 8601 */
  updatedAt: z.string(),
});
export type SitePlanDto = z.infer<typeof sitePlanDtoSchema>;

export const sitePlanResponseDtoSchema = z.object({ plan: sitePlanDtoSchema.nullable() });
export type SitePlanResponseDto = z.infer<typeof sitePlanResponseDtoSchema>;

export const sitePlanImageQuerySchema = z.object({ v: z.string().max(100).optional() });

/** The image type by its first bytes (PNG and JPEG signatures); undefined for anything else. */
export function sitePlanImageType(head: Uint8Array): SitePlanImageType | undefined {
  const starts = (signature: number[]) => signature.every((byte, index) => head[index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return undefined;
}

// ---- Events --------------------------------------------------------------------------------------------

// `incidences` topic, keyed by rule id. An incidence is identified by (ruleId, openedAt): a replay of the
// same points yields the same identity, and consumers can ignore repeats.
export const incidenceEventSchema = z.object({
  type: z.enum(['opened', 'closed']),
  incidenceId: z.number().int().positive(),
  summaryId: z.number().int().positive(),
  ruleId: z.number().int().positive(),
  ruleName: z.string(),
  operator: ruleOperatorSchema,
  variableIds: z.array(z.number().int().positive()),
  /** epoch ms: when the condition started to hold */
  openedAt: z.number().int(),
  /** epoch ms; on 'closed' */
  closedAt: z.number().int().nullable(),
  /** epoch ms of the point that made the transition */
  at: z.number().int(),
  /** value of the first variable at the transition */
  value: z.number(),
  /** the constant, or the second variable's value, it was compared with */
  threshold: z.number(),
});
export type IncidenceEvent = z.infer<typeof incidenceEventSchema>;

// `notifications` topic: one e-mail to send. `id` makes it idempotent (the sender keeps one delivery per
// id); `rateKey` groups the e-mails that share a rate limit (one rule).
export const emailNotificationSchema = z.object({
  id: z.string().min(1).max(200),
  rateKey: z.string().min(1).max(200),
  to: z.array(z.email()).min(1).max(100),
  subject: z.string().min(1).max(500),
  text: z.string().min(1).max(100_000),
  /** epoch ms the event happened */
  createdAt: z.number().int(),
});
export type EmailNotification = z.infer<typeof emailNotificationSchema>;
