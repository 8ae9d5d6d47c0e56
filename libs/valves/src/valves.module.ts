import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator } from '@plantlens/platform';
import { CurrentStatusController } from './current-status/current-status.controller';
import { CurrentStatusRepository } from './current-status/current-status.repository';
import { CurrentStatusService } from './current-status/current-status.service';
import { NormalCurveRepository } from './curves/normal-curve.repository';
import { NormalCurveService } from './curves/normal-curve.service';
import { ReferenceCurvesController } from './curves/reference-curves.controller';
import { valvesMigrations } from './database/migrations';
import { VALVES_SCHEMA } from './database/valves-database';
import { ActuationRepository } from './historic/actuation.repository';
import { HistoricAnalysisController } from './historic/historic-analysis.controller';
import { HistoricAnalysisService } from './historic/historic-analysis.service';
import { AssetAlarmPublisher } from './monitor/asset-alarm.publisher';
import { ValveMonitorConsumer } from './monitor/valve-monitor.consumer';
import { ValveMonitorRepository } from './monitor/valve-monitor.repository';
import { ValveMonitorService } from './monitor/valve-monitor.service';
import { ValveSignalCatalog } from './monitor/valve-signal-catalog';
import { ValveSignalClient } from './monitor/valve-signal.client';
import { AssetRepository } from './plant/asset.repository';
import { PlantController } from './plant/plant.controller';
import { PlantService } from './plant/plant.service';
import { IncidenceReviewController } from './review/incidence-review.controller';
import { IncidenceReviewService } from './review/incidence-review.service';
import { SignalSampleRepository } from './samples/signal-sample.repository';

export { VALVES_SCHEMA };

// Plant model, actuation analysis and the valve screens' calls; owns schema "valves".
@Module({
  controllers: [
    ValveMonitorConsumer,
    PlantController,
    CurrentStatusController,
    IncidenceReviewController,
    HistoricAnalysisController,
    ReferenceCurvesController,
  ],
  providers: [
    ValveMonitorRepository,
    ValveSignalClient,
    ValveSignalCatalog,
    AssetAlarmPublisher,
    ValveMonitorService,
    AssetRepository,
    PlantService,
    CurrentStatusRepository,
    CurrentStatusService,
    SignalSampleRepository,
    IncidenceReviewService,
    ActuationRepository,
    HistoricAnalysisService,
    NormalCurveRepository,
    NormalCurveService,
  ],
  exports: [ValveMonitorService, AssetAlarmPublisher],
})
export class ValvesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(VALVES_SCHEMA, valvesMigrations);
  }
}
