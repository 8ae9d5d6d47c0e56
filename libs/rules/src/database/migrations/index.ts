import type { MigrationSet } from '@plantlens/platform';
import * as rulesAndIncidences from './0001-rules-and-incidences';

// Names sort in the order they apply.
export const rulesMigrations: MigrationSet = {
  '0001-rules-and-incidences': rulesAndIncidences,
};
