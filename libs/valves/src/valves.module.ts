import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator } from '@plantlens/platform';
import { valvesMigrations } from './database/migrations';
import { VALVES_SCHEMA } from './database/valves-database';
import { AssetAlarmPublisher } from './monitor/asset-alarm.publisher';
import { ValveMonitorConsumer } from './monitor/valve-monitor.consumer';
import { ValveMonitorRepository } from './monitor/valve-monitor.repository';
import { ValveMonitorService } from './monitor/valve-monitor.service';
import { ValveSignalCatalog } from './monitor/valve-signal-catalog';
import { ValveSignalClient } from './monitor/valve-signal.client';

export { VALVES_SCHEMA };

// Plant model, actuation analysis and the valve screens' calls; owns schema "valves".
@Module({
  controllers: [ValveMonitorConsumer],
  providers: [
    ValveMonitorRepository,
    ValveSignalClient,
    ValveSignalCatalog,
    AssetAlarmPublisher,
    ValveMonitorService,
  ],
  exports: [ValveMonitorService, AssetAlarmPublisher],
})
export class ValvesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(VALVES_SCHEMA, valvesMigrations);
  }
}
