// Types of questdb-peer.mjs for its spec (the bench itself is plain JavaScript run by node).
import type { TimelineGrid } from '@plantlens/variables';

export function timelineBenchValue(epochS: number, index: number, random: () => number): number;
export function seededRandom(seed: number): () => number;
export function ilpSeriesEncoder(
  table: string,
  tags: Record<string, string | number>,
  field: string,
): (value: number, timestampMs: number) => string;
export function rollupViewName(table: string, resolutionS: number): string;
export function rollupViewStatement(table: string, resolutionS: number): string;
export function m4SampleByQuery(
  table: string,
  variables: string[],
  grid: TimelineGrid,
  options?: { fromView?: boolean },
): string;
