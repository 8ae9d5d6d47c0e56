import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator } from '@plantlens/platform';
import { VARIABLES_SCHEMA } from './database/variables-database';
import { variablesMigrations } from './database/migrations';
import { ExplorerController } from './explorer/explorer.controller';
import { TimelineRepository } from './explorer/timeline.repository';
import { TimelineService } from './explorer/timeline.service';
import { IngestionService } from './measurement/ingestion.service';
import { MeasurementConsumer } from './measurement/measurement.consumer';
import { MeasurementWriter } from './measurement/measurement-writer.service';
import { MeasurementRepository } from './measurement/measurement.repository';
import { RetentionPolicy } from './retention/retention-policy';
import { RetentionRepository } from './retention/retention.repository';
import { RetentionService } from './retention/retention.service';
import { RollupRepository } from './rollup/rollup.repository';
import { RollupService } from './rollup/rollup.service';
import { VariableController } from './variable/variable.controller';
import { VariableRepository } from './variable/variable.repository';

@Module({
  controllers: [ExplorerController, VariableController, MeasurementConsumer],
  providers: [
    VariableRepository,
    MeasurementRepository,
    MeasurementWriter,
    IngestionService,
    RollupRepository,
    RollupService,
    RetentionPolicy,
    RetentionRepository,
    RetentionService,
    TimelineRepository,
    TimelineService,
  ],
  exports: [IngestionService, RollupService],
})
export class VariablesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(VARIABLES_SCHEMA, variablesMigrations);
  }
}
