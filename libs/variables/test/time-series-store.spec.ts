import { IN_MEMORY_DATA_DIR, loadPlatformConfig } from '@plantlens/platform';
import { describeTimeSeriesStore, SCENARIO_RETENTION } from './time-series-store.scenario';

describeTimeSeriesStore('PGlite', async () => ({
  config: loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR, ...SCENARIO_RETENTION }),
}));
