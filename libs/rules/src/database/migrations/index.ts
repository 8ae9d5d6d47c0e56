import type { MigrationSet } from '@plantlens/platform';
import * as rulesAndIncidences from './0001-rules-and-incidences';
import * as assetAlarmSources from './0002-asset-alarm-sources';
import * as historicalIncidences from './0003-historical-incidences';
import * as sitePlanAndAssetLabels from './0004-site-plan-and-asset-labels';

// Names sort in the order they apply.
export const rulesMigrations: MigrationSet = {
  '0001-rules-and-incidences': rulesAndIncidences,
  '0002-asset-alarm-sources': assetAlarmSources,
  '0003-historical-incidences': historicalIncidences,
  '0004-site-plan-and-asset-labels': sitePlanAndAssetLabels,
};
