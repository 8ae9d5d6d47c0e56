import type { MigrationSet } from '@plantlens/platform';
import * as variablesAndMeasurements from './0001-variables-and-measurements';
import * as rollups from './0002-rollups';
import * as timeSeriesEngine from './0003-time-series-engine';

// Names sort in the order they apply.
export const variablesMigrations: MigrationSet = {
  '0001-variables-and-measurements': variablesAndMeasurements,
  '0002-rollups': rollups,
  '0003-time-series-engine': timeSeriesEngine,
};
