import { IN_MEMORY_DATA_DIR, loadPlatformConfig } from '@plantlens/platform';
import { describeTagEditing } from './tag-editing.scenario';

describeTagEditing('standalone: PGlite', async () =>
  loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text' }),
);
