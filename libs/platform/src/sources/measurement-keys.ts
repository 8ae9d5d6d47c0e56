import type { MeasurementPoint } from '@plantlens/contracts';

// The key of a variable's points on `measurements`. A variable always gets the same key, so the bus
// keeps its points in order; several keys let the writer use several partitions at once.
export function measurementKey(variableId: number, keyCount: number): string {
  return String(variableId % keyCount);
}

// Splits points into `measurements` messages by key.
export function groupPointsByKey(
  points: readonly MeasurementPoint[],
  keyCount: number,
): Map<string, MeasurementPoint[]> {
  const groups = new Map<string, MeasurementPoint[]>();
  for (const point of points) {
    const key = measurementKey(point.variableId, keyCount);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(point);
  }
  return groups;
}
