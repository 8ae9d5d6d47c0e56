// Every Kafka topic (and in-memory channel) name, defined once.
export const Topics = {
  measurements: 'measurements',
  derivedMeasurements: 'measurements.derived',
  incidences: 'incidences',
  notifications: 'notifications',
  catalog: 'catalog',
  /** valve failures found by the valve monitor, turned into incidences by the rules service */
  assetAlarms: 'asset-alarms',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];
