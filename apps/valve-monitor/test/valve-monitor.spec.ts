import { Topics, type AssetAlarmEvent } from '@plantlens/contracts';
import { InMemoryBroker, loadPlatformConfig } from '@plantlens/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeValveMonitor } from './valve-monitor.scenario';

// PGlite in a folder of its own, so that a restarted app finds the database the first one wrote.
describeValveMonitor('standalone: PGlite + in-memory bus', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'valve-monitor-'));
  return {
    config: loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', LOG_FORMAT: 'text' }),
    async collectAlarms(app, into: AssetAlarmEvent[]) {
      app.get(InMemoryBroker).subscribe(Topics.assetAlarms, 'alarms-test', async (message) => {
        into.push(JSON.parse(message.value) as AssetAlarmEvent);
      });
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
