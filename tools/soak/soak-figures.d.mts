// Types of soak-figures.mjs for its spec (the runner itself is plain JavaScript run by node).
export interface Point {
  x: number;
  y: number;
}
export interface Sample {
  elapsedS: number;
  rssMb: Record<string, number | undefined>;
  lagMessages: number;
  pointsPerSecond: number;
  /** since the start */
  requests: number;
  /** since the start */
  errors: number;
  /** the machine's one-minute load average */
  loadAverage: number;
}
export interface Limits {
  maxRssGrowthMb: number;
  maxRssGrowthShare: number;
  maxLagGrowthSeconds: number;
  maxFinalLagSeconds: number;
  messagesPerSecond: number;
}
export interface MemoryVerdict {
  service: string;
  meanMb: number;
  slopeMbPerHour: number;
  growthMb: number;
  allowedMb: number;
  ok: boolean;
}
export interface Verdict {
  secondHalfSpanS: number;
  memory: MemoryVerdict[];
  lag: {
    slopeMessagesPerHour: number;
    growthMessages: number;
    allowedGrowthMessages: number;
    lastMessages: number;
    allowedLastMessages: number;
    ok: boolean;
  };
  errors: number;
  ok: boolean;
}
export function slope(points: Point[]): number;
export function secondHalf<T extends { elapsedS: number }>(samples: T[]): T[];
export function verdict(samples: Sample[], errorsByKind: Record<string, number>, limits: Limits): Verdict;
export function thinned<T extends { elapsedS: number }>(samples: T[], everySeconds: number): T[];
export function samplesTable(samples: Sample[]): string;
export function verdictText(result: Verdict): string;
