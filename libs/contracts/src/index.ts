export * from './topics';
export * from './measurement';
export * from './variable';
export * from './tag';
export * from './explorer';
export * from './correlation';
export * from './category';
export * from './errors';
export * from './features';
export * from './auth';
export * from './user';
export * from './group';
export * from './permission';
export * from './csv-upload';
export * from './query';
export * from './rules';
export * from './incidences';
export * from './valves';
export * from './user-manual';
export * from './datastore';
export * from './aggregate-variable';
export * from './performance';
export {
  EPOCH_MS_MAX,
  isTimeZone,
  NUL_MESSAGE,
  PG_INTEGER_MAX,
  PG_INTEGER_MIN,
  timeZoneSchema,
} from './schema-parts';
export * from './health';
