import type { LimitCurvePointDto, ValveAssetDto, ValveOperation, ValvePointDto } from '@plantlens/contracts';
import dayjs from 'dayjs';

/** the movement lists of the historic analysis */
export type ValveMovement = 'openings' | 'closures';

function firstAndLast(points: readonly ValvePointDto[]): [number, number] | undefined {
  if (points.length === 0) return undefined;
  const byTime = [...points].sort((a, b) => a.dateTime - b.dateTime);
  return [byTime[0].value, byTime[byTime.length - 1].value];
}

// Spec part 2 §4: the pair deviation chart is an opening when the first opening value (by time) is lower
// than the last, else a closure.
export function actuationOperation(openingValues: readonly ValvePointDto[]): ValveOperation {
  const ends = firstAndLast(openingValues);
  return ends && ends[0] < ends[1] ? 'opening' : 'closure';
}

// Spec §2: the review's link to the historic analysis shows closures when the first opening value exceeds
// the last, else openings (equal ends, or no data, count as openings there).
export function reviewMovement(openingValues: readonly ValvePointDto[]): ValveMovement {
  const ends = firstAndLast(openingValues);
  return ends && ends[0] > ends[1] ? 'closures' : 'openings';
}

// Spec §9: the limit applies only where the opening level matches a limit-curve point exactly; elsewhere
// the value itself stands in, which is never over itself.
export function limitAt(
  limitCurve: readonly LimitCurvePointDto[],
  openingLevel: number,
  value: number,
): number {
  return limitCurve.find((point) => point.openingLevel === openingLevel)?.limit ?? value;
}

export function isOverLimit(limitCurve: readonly LimitCurvePointDto[], openingLevel: number, value: number) {
  return limitAt(limitCurve, openingLevel, value) < value;
}

export const UNKNOWN_VALVE_TEXT = 'XXX';

export interface ValveInfo {
  type: string;
  serialNumber: string;
  tagNumber: string;
  lastMaintenance: string;
  cycleNumber: number;
}

// The valve info card of spec §9. Last maintenance: the spec's placeholder is the first day of the
// current month when the valve has actuations this month, else "-"; a date stored in the plant model
// takes precedence (README "Beyond the spec"). An asset missing from the plant tree shows "XXX".
export function valveInfo(
  asset: ValveAssetDto | undefined,
  actuationsThisMonth: number | undefined,
  now: Date,
): ValveInfo {
  const cycleNumber = actuationsThisMonth ?? 0;
  if (!asset) {
    return {
      type: UNKNOWN_VALVE_TEXT,
      serialNumber: UNKNOWN_VALVE_TEXT,
      tagNumber: UNKNOWN_VALVE_TEXT,
      lastMaintenance: UNKNOWN_VALVE_TEXT,
      cycleNumber,
    };
  }
  const monthStart = dayjs(now).startOf('month').format('DD/MM/YYYY');
  const lastMaintenance = asset.lastMaintenance
    ? dayjs(asset.lastMaintenance).format('DD/MM/YYYY')
    : cycleNumber > 0
      ? monthStart
      : '-';
  return {
    type: asset.type,
    serialNumber: asset.serialNumber ?? '-',
    tagNumber: asset.tagNumber ?? '-',
    lastMaintenance,
    cycleNumber,
  };
}

/** the start of the current month, from which the cycle number counts actuations (spec §7) */
export function monthStartMs(now: Date): number {
  return dayjs(now).startOf('month').valueOf();
}
