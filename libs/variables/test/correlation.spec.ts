import { IN_MEMORY_DATA_DIR, loadPlatformConfig } from '@plantlens/platform';
import { CORRELATION_TEST_SETTINGS, describeCorrelation } from './correlation.scenario';

describeCorrelation('standalone: PGlite', async () =>
  loadPlatformConfig({
    DATA_DIR: IN_MEMORY_DATA_DIR,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
    ...CORRELATION_TEST_SETTINGS,
  }),
);
