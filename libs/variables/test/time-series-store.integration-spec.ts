import { loadPlatformConfig } from '@plantlens/platform';
import { Client } from 'pg';
import { clusterEnvironment } from './cluster-environment';
import { describeTimeSeriesStore, SCENARIO_RETENTION } from './time-series-store.scenario';

// A database of its own: the scenario's retention purge covers every variable it finds.
const DATABASE = `plantlens_time_series_${process.pid}`;

describeTimeSeriesStore('PostgreSQL', async () => {
  const { databaseUrl } = clusterEnvironment();
  const server = new Client({ connectionString: databaseUrl });
  await server.connect();
  await server.query(`create database ${DATABASE}`);
  return {
    config: loadPlatformConfig({
      DATABASE_URL: databaseUrl.replace(/\/[^/?]+(\?|$)/, `/${DATABASE}$1`),
      ...SCENARIO_RETENTION,
    }),
    cleanup: async () => {
      await server.query(`drop database if exists ${DATABASE} with (force)`);
      await server.end();
    },
  };
});
