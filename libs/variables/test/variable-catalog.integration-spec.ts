import { loadPlatformConfig } from '@plantlens/platform';
import { clusterEnvironment } from './cluster-environment';
import { describeVariableCatalog } from './variable-catalog.scenario';

// The SQL of the pickers and tables on a real PostgreSQL (collation, ILIKE escapes, tag queries).
describeVariableCatalog('PostgreSQL', async () =>
  loadPlatformConfig({
    DATABASE_URL: clusterEnvironment().databaseUrl,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
  }),
);
