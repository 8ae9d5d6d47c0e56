import type { MigrationSet } from '@plantlens/platform';
import * as plantModelAndAnalysis from './0001-plant-model-and-analysis';

// Names sort in the order they apply.
export const valvesMigrations: MigrationSet = {
  '0001-plant-model-and-analysis': plantModelAndAnalysis,
};
