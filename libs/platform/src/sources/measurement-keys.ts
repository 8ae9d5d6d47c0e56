import type { MeasurementPoint } from '@plantlens/contracts';

// Splits points into `measurements` messages by key. A variable always gets the same key, so the bus
// keeps its points in order; several keys let the writer use several partitions at once.
export function groupPointsByKey(
  points: readonly MeasurementPoint[],
  keyCount: number,
): Map<string, MeasurementPoint[]> {
  const groups = new Map<string, MeasurementPoint[]>();
  for (const point of points) {
    const key = String(point.variableId % keyCount);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(point);
  }
  return groups;
}
