import type { MigrationSet } from '@plantlens/platform';
import * as variablesAndMeasurements from './0001-variables-and-measurements';
import * as rollups from './0002-rollups';
import * as tags from './0004-tags';

// Names sort in the order they apply.
export const variablesMigrations: MigrationSet = {
  '0001-variables-and-measurements': variablesAndMeasurements,
  '0002-rollups': rollups,
  '0004-tags': tags,
};
