import { z } from 'zod';
import { integerSchema, nameSchema } from './schema-parts';

// Valve monitoring (spec part 2 §2 "Valve monitoring", §3, §4 "Valve screens", §7, §9): the coke-drum
// valves of drum A, their reference curves, the failure codes the valve monitor raises per actuation and
// the shapes of the /api/web/ampo calls.

/** The valves of coke drum A (spec §9), in the order the screens list them. */
export const VALVE_ASSET_IDS = [
  'gate01',
  'gate02',
  'lift01',
  'lift02',
  'lift03',
  'lift04',
  'lift05',
  'switch01',
] as const;
export type ValveAssetId = (typeof VALVE_ASSET_IDS)[number];

/** Asset types of the plant tree (spec §3). */
export const VALVE_ASSET_TYPES = ['Gate', 'Plug', 'Switch plug'] as const;
export type ValveAssetType = (typeof VALVE_ASSET_TYPES)[number];

/**
 * Signals of a valve: its variables have client reference `<asset>_<signal>` (ARCHITECTURE.md). The
 * torque is the spec's "pair"; pressure is the actuator's steam pressure.
 */
export const VALVE_SIGNAL_NAMES = ['opening', 'torque', 'pressure', 'flow', 'temperature'] as const;
export type ValveSignalName = (typeof VALVE_SIGNAL_NAMES)[number];

export function valveClientReference(asset: string, signal: ValveSignalName): string {
  return `${asset}_${signal}`;
}

export const VALVE_OPERATIONS = ['opening', 'closure'] as const;
export type ValveOperation = (typeof VALVE_OPERATIONS)[number];

/** Failure codes of spec §9; 0 means no failure and is never stored as an error. */
export const ValveFailureCodes = {
  none: 0,
  highTorqueUnseating: 1,
  sustainedHighTorque: 2,
  highTorqueSwitchingPoint: 3,
  highTorqueRunning: 4,
  lowSteamPressure: 101,
} as const;
export type ValveFailureCode = (typeof ValveFailureCodes)[keyof typeof ValveFailureCodes];
export const VALVE_FAILURE_CODES: readonly ValveFailureCode[] = [1, 2, 3, 4, 101];

// ---- Reference curves -------------------------------------------------------------------------------

/** The opening axis of the reference curves: 0..100 % in 120 steps of 0.8333 %, so 121 levels. */
export const VALVE_CURVE_STEPS = 120;
export const VALVE_CURVE_LEVEL_COUNT = VALVE_CURVE_STEPS + 1;

/** Opening (%) of curve level i, rounded to 2 decimals as the opening sensor reports it. */
export function valveCurveOpeningLevel(level: number): number {
  return Math.round(((level * 100) / VALVE_CURVE_STEPS) * 100) / 100;
}

/** The curve level whose opening is nearest to openingPct (clamped to 0..120). */
export function nearestValveCurveLevel(openingPct: number): number {
  return Math.min(VALVE_CURVE_STEPS, Math.max(0, Math.round((openingPct * VALVE_CURVE_STEPS) / 100)));
}

// Spec §9 opening limits by level: 0 at 0; 90 at 0.83; 65 at 1.67; 15 at 2.5; 17 from 45.83 to 53.33;
// 50 at 99.17; 70 at 100; 5 elsewhere. The closure curve is its mirror (70 at 0, …, 90 at 99.17, 0 at 100).
const OPENING_LIMIT_BY_LEVEL: readonly number[] = Array.from(
  { length: VALVE_CURVE_LEVEL_COUNT },
  (_, level) => {
    const points: Record<number, number> = { 0: 0, 1: 90, 2: 65, 3: 15, 119: 50, 120: 70 };
    return points[level] ?? (level >= 55 && level <= 64 ? 17 : 5);
  },
);

/** Torque limit (%) of an operation at curve level 0..120 (level 0 is opening 0 %). */
export function valveTorqueLimitAtLevel(operation: ValveOperation, level: number): number {
  return OPENING_LIMIT_BY_LEVEL[operation === 'opening' ? level : VALVE_CURVE_STEPS - level];
}

/**
 * Steam pressure (bar) below which an actuation is starved of steam (failure 101); the incidence review
 * draws it as the pressure threshold.
 */
export const VALVE_LOW_STEAM_PRESSURE_BAR = 7.5;

export const limitCurvePointDtoSchema = z.strictObject({
  /** opening in %, one of valveCurveOpeningLevel(0..120) */
  openingLevel: z.number(),
  limit: z.number(),
});
export type LimitCurvePointDto = z.infer<typeof limitCurvePointDtoSchema>;

/** The limit curve of spec §9 as the points the screens draw and match exactly. */
export function valveLimitCurve(operation: ValveOperation): LimitCurvePointDto[] {
  return Array.from({ length: VALVE_CURVE_LEVEL_COUNT }, (_, level) => ({
    openingLevel: valveCurveOpeningLevel(level),
    limit: valveTorqueLimitAtLevel(operation, level),
  }));
}

/**
 * A normal curve learned from a valve's own fault-free actuations (libs/valves README): the per-level
 * median torque. `values` has 121 entries over the opening axis from 100 down to 0 (spec §9), null where
 * no actuation gave a reading at that level.
 */
export const normalCurveDtoSchema = z.strictObject({
  asset: z.string(),
  operation: z.enum(VALVE_OPERATIONS),
  values: z.array(z.number().nullable()),
  /** how many fault-free actuations it was learned from, and the span they cover (epoch seconds) */
  actuationCount: z.number().int(),
  windowBegin: z.number().int(),
  windowEnd: z.number().int(),
  learnedAt: z.number().int(),
});
export type NormalCurveDto = z.infer<typeof normalCurveDtoSchema>;

const operationCurvesDtoSchema = z.strictObject({
  limit: z.array(limitCurvePointDtoSchema),
  normal: normalCurveDtoSchema.nullable(),
});

/** GET /api/web/ampo/reference-curves/?asset= — limits always; normal null until one was learned. */
export const referenceCurvesDtoSchema = z.strictObject({
  asset: z.string(),
  opening: operationCurvesDtoSchema,
  closure: operationCurvesDtoSchema,
});
export type ReferenceCurvesDto = z.infer<typeof referenceCurvesDtoSchema>;

/** Fault-free actuations a normal curve needs at least; fewer learn nothing (the limit curves judge alone). */
export const NORMAL_CURVE_MIN_ACTUATIONS = 5;

/** POST /api/web/ampo/normal-curves/learn/ — the curves stored, and the valve operations left without one. */
export const normalCurveLearnResultDtoSchema = z.strictObject({
  learned: z.array(normalCurveDtoSchema),
  skipped: z.array(
    z.strictObject({
      asset: z.string(),
      operation: z.enum(VALVE_OPERATIONS),
      faultFreeActuations: z.number().int(),
      needed: z.number().int(),
    }),
  ),
});
export type NormalCurveLearnResultDto = z.infer<typeof normalCurveLearnResultDtoSchema>;

// ---- Plant model --------------------------------------------------------------------------------------

export const valveAssetDtoSchema = z.strictObject({
  /** gate01 … switch01 */
  id: z.string(),
  label: z.string(),
  type: z.enum(VALVE_ASSET_TYPES),
  serialNumber: z.string().nullable(),
  tagNumber: z.string().nullable(),
  /** ISO date (YYYY-MM-DD) of the last maintenance, null when unknown */
  lastMaintenance: z.iso.date().nullable(),
  /** actuations analysed since the valve monitor started counting */
  cycleNumber: z.number().int(),
  /** whether its actuations are judged against learned normal curves as well as the limit curves */
  hasNormalCurve: z.boolean(),
});
export type ValveAssetDto = z.infer<typeof valveAssetDtoSchema>;

export const assetTypeNodeDtoSchema = z.strictObject({
  type: z.enum(VALVE_ASSET_TYPES),
  label: z.string(),
  children: z.array(valveAssetDtoSchema),
});
export type AssetTypeNodeDto = z.infer<typeof assetTypeNodeDtoSchema>;

export const cokeDrumNodeDtoSchema = z.strictObject({
  /** cokeDrumA */
  id: z.string(),
  label: z.string(),
  children: z.array(assetTypeNodeDtoSchema),
});
export type CokeDrumNodeDto = z.infer<typeof cokeDrumNodeDtoSchema>;

/** GET /api/web/ampo/plant-tree/ — coke drums → asset types → assets (spec §3 "Plant tree"). */
export const plantTreeDtoSchema = z.array(cokeDrumNodeDtoSchema);
export type PlantTreeDto = z.infer<typeof plantTreeDtoSchema>;

/** PUT /api/web/ampo/asset/{id}/ (administrators) — the descriptive fields of a valve. */
export const valveAssetUpdateSchema = z.object({
  label: nameSchema().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  serialNumber: nameSchema().trim().max(100, 'must be at most 100 characters').nullable(),
  tagNumber: nameSchema().trim().max(100, 'must be at most 100 characters').nullable(),
  lastMaintenance: z.iso.date({ message: 'must be a date YYYY-MM-DD' }).nullable(),
});
export type ValveAssetUpdateDto = z.infer<typeof valveAssetUpdateSchema>;

// ---- Calls of the three screens ------------------------------------------------------------------------

export const VALVE_REVIEW_MAX_RANGE_DAYS = 1;
export const VALVE_HISTORIC_MAX_RANGE_DAYS = 31;
/** The historic range opened from an incident list is capped to this many days before its end (spec §5). */
export const VALVE_HISTORIC_INCIDENT_RANGE_DAYS = 30;

export const ValveMessages = {
  unknownAsset: 'Unknown valve',
  endBeforeStart: 'must not be before initDate',
  rangeTooLong: (days: number) => `the range may span at most ${days} days`,
} as const;

const isoDateTime = z
  .string({ message: 'is required (an ISO 8601 date-time)' })
  .pipe(z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' }))
  .transform((text) => new Date(text).getTime());

const assetId = nameSchema({ message: 'is required (a valve id such as gate01)' })
  .trim()
  .min(1, 'is required (a valve id such as gate01)')
  .max(100, 'must be at most 100 characters');

function rangeQuery(maxDays: number) {
  return z
    .object({ asset: assetId, initDate: isoDateTime, endDate: isoDateTime })
    .refine((query) => query.initDate <= query.endDate, {
      path: ['endDate'],
      message: ValveMessages.endBeforeStart,
    })
    .refine((query) => query.endDate - query.initDate <= maxDays * 86_400_000, {
      path: ['endDate'],
      message: ValveMessages.rangeTooLong(maxDays),
    });
}

/** GET /api/web/ampo/incidence-review/?asset&initDate&endDate (UTC ISO) */
export const incidenceReviewQuerySchema = rangeQuery(VALVE_REVIEW_MAX_RANGE_DAYS);
export type IncidenceReviewQuery = z.infer<typeof incidenceReviewQuerySchema>;

/** GET /api/web/ampo/historic-analysis/?asset&initDate&endDate (UTC ISO) */
export const historicAnalysisQuerySchema = rangeQuery(VALVE_HISTORIC_MAX_RANGE_DAYS);
export type HistoricAnalysisQuery = z.infer<typeof historicAnalysisQuerySchema>;

/** GET /api/web/ampo/valve-actuations/?valve&fromDate (UTC ISO) — a number. */
export const valveActuationsQuerySchema = z.object({ valve: assetId, fromDate: isoDateTime });
export type ValveActuationsQuery = z.infer<typeof valveActuationsQuerySchema>;

/** GET /api/web/ampo/reference-curves/?asset */
export const referenceCurvesQuerySchema = z.object({ asset: assetId });

export const valveAssetParamsSchema = z.object({ id: assetId });

/** POST /api/web/ampo/normal-curves/learn/ (administrators) — all valves, or the one named. */
export const normalCurveLearnSchema = z.object({
  asset: assetId.optional(),
  /** fault-free actuations per curve, the most recent ones */
  actuations: integerSchema('must be a number from 1 to 1000', 1, 1_000).optional(),
});
export type NormalCurveLearnDto = z.infer<typeof normalCurveLearnSchema>;

// ---- Responses of the three screens -----------------------------------------------------------------

/** GET /api/web/ampo/valve-actuations/ — how many actuations since fromDate. */
export const valveActuationCountDtoSchema = z.number().int().min(0);

export const valvePointDtoSchema = z.strictObject({
  /** epoch seconds, with the milliseconds as decimals */
  dateTime: z.number(),
  value: z.number(),
});
export type ValvePointDto = z.infer<typeof valvePointDtoSchema>;

export const assetErrorDtoSchema = z.strictObject({
  /** the actuation's span, epoch seconds */
  beginDate: z.number().int(),
  endDate: z.number().int(),
  errorCode: z.literal(VALVE_FAILURE_CODES),
});
export type AssetErrorDto = z.infer<typeof assetErrorDtoSchema>;

export const assetStatusDtoSchema = z.strictObject({
  assetName: z.string(),
  assetErrors: z.array(assetErrorDtoSchema),
});
export type AssetStatusDto = z.infer<typeof assetStatusDtoSchema>;

/** GET /api/web/ampo/plant-current-status/ (spec §3 "Current status response"). */
export const plantCurrentStatusDtoSchema = z.strictObject({
  /** time of the latest valve data, epoch seconds; null when there is none */
  dateTime: z.number().int().nullable(),
  cokeDrumAStatus: z.strictObject({
    gateStatuses: z.array(assetStatusDtoSchema),
    liftStatuses: z.array(assetStatusDtoSchema),
    switchStatuses: z.array(assetStatusDtoSchema),
  }),
});
export type PlantCurrentStatusDto = z.infer<typeof plantCurrentStatusDtoSchema>;

/** GET /api/web/ampo/incidence-review/ (spec §3): the valve's signals over the range, raw. */
export const incidenceReviewDtoSchema = z.strictObject({
  assetName: z.string(),
  openingValues: z.array(valvePointDtoSchema),
  pairValues: z.array(valvePointDtoSchema),
  flowValues: z.array(valvePointDtoSchema),
  pressureValues: z.array(valvePointDtoSchema),
  /** the low-steam-pressure threshold over the same instants as pressureValues */
  pressureThresholdValues: z.array(valvePointDtoSchema),
  temperatureValues: z.array(valvePointDtoSchema),
});
export type IncidenceReviewDto = z.infer<typeof incidenceReviewDtoSchema>;

export const actuationCurveDtoSchema = z.strictObject({
  /** torque ("pair") and opening at the same instants, time order */
  actuationPair: z.array(valvePointDtoSchema),
  openingDegree: z.array(valvePointDtoSchema),
});
export type ActuationCurveDto = z.infer<typeof actuationCurveDtoSchema>;

/** GET /api/web/ampo/historic-analysis/ (spec §3): every actuation in the range, by operation. */
export const historicAnalysisDtoSchema = z.strictObject({
  openings: z.array(actuationCurveDtoSchema),
  closures: z.array(actuationCurveDtoSchema),
});
export type HistoricAnalysisDto = z.infer<typeof historicAnalysisDtoSchema>;

// ---- Events --------------------------------------------------------------------------------------------

/**
 * A valve failure on topic `asset-alarms`: the rules service turns it into an incidence of a rule-like
 * source named after the asset and code, so e-mails and the current-status map see it. `eventId` makes a
 * replay harmless.
 */
export const assetAlarmEventSchema = z.object({
  eventId: z.string().min(1),
  asset: z.string().min(1),
  errorCode: z.number().int(),
  operation: z.enum(VALVE_OPERATIONS),
  /** epoch milliseconds of the actuation's span */
  beginMs: z.number().int(),
  endMs: z.number().int(),
});
export type AssetAlarmEvent = z.infer<typeof assetAlarmEventSchema>;
