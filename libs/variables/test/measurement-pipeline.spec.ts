import { IN_MEMORY_DATA_DIR, loadPlatformConfig } from '@plantlens/platform';
import { describeMeasurementPipeline } from './measurement-pipeline.scenario';

describeMeasurementPipeline('standalone: PGlite + in-memory bus', async () =>
  loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text' }),
);
