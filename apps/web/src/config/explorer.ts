// Deployment settings of the explorer's dates (spec part 2 §3 "Default date configuration", §9).
export const EXPLORER_DATE_SETTINGS = {
  /** the range shown when an address has none: from the start of the day 7 days back until now */
  defaultRange: { startOf: 'day', unit: 'day', gapBegin: 7, gapEnd: 0 },
  /** zooming never goes before this instant (epoch ms): the plant has no older data */
  minDate: Date.UTC(2000, 0, 1),
} as const;
