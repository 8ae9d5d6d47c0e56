// Every Kafka topic (and in-memory channel) name, defined once.
export const Topics = {
  measurements: 'measurements',
  derivedMeasurements: 'measurements.derived',
  incidences: 'incidences',
  notifications: 'notifications',
  catalog: 'catalog',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];
