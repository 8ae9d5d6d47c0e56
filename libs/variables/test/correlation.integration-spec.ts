import { loadPlatformConfig } from '@plantlens/platform';
import { clusterEnvironment } from './cluster-environment';
import { CORRELATION_TEST_SETTINGS, describeCorrelation } from './correlation.scenario';

// The SQL of the correlation calls on a real PostgreSQL (no broker involved: the data is inserted).
describeCorrelation('PostgreSQL', async () =>
  loadPlatformConfig({
    DATABASE_URL: clusterEnvironment().databaseUrl,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
    ...CORRELATION_TEST_SETTINGS,
  }),
);
