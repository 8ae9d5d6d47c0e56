import type { MigrationSet } from '@plantlens/platform';
import * as variablesAndMeasurements from './0001-variables-and-measurements';
import * as rollups from './0002-rollups';
import * as timeSeriesEngine from './0003-time-series-engine';
import * as tags from './0004-tags';
import * as queries from './0005-queries';
import * as categories from './0006-categories';
import * as variableOrigin from './0007-variable-origin';
import * as readCache from './0008-read-cache';
import * as aggregateVariables from './0009-aggregate-variables';
import * as rollupLevels from './0010-rollup-levels';
import * as readCacheLz4 from './0011-read-cache-lz4';

// Names sort in the order they apply.
export const variablesMigrations: MigrationSet = {
  '0001-variables-and-measurements': variablesAndMeasurements,
  '0002-rollups': rollups,
  '0003-time-series-engine': timeSeriesEngine,
  '0004-tags': tags,
  '0005-queries': queries,
  '0006-categories': categories,
  '0007-variable-origin': variableOrigin,
  '0008-read-cache': readCache,
  '0009-aggregate-variables': aggregateVariables,
  '0010-rollup-levels': rollupLevels,
  '0011-read-cache-lz4': readCacheLz4,
};
