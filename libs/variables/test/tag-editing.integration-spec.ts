import { loadPlatformConfig } from '@plantlens/platform';
import { clusterEnvironment } from './cluster-environment';
import { describeTagEditing } from './tag-editing.scenario';

// Tree changes on a real PostgreSQL: the table lock, the row-by-row unique check of sibling names.
describeTagEditing('PostgreSQL', async () =>
  loadPlatformConfig({
    DATABASE_URL: clusterEnvironment().databaseUrl,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
  }),
);
