import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator } from '@plantlens/platform';
import { CorrelationController } from './correlation/correlation.controller';
import { CorrelationRepository } from './correlation/correlation.repository';
import { CorrelationService } from './correlation/correlation.service';
import { VARIABLES_SCHEMA } from './database/variables-database';
import { variablesMigrations } from './database/migrations';
import { ExplorerController } from './explorer/explorer.controller';
import { TimelineService } from './explorer/timeline.service';
import { IngestionService } from './measurement/ingestion.service';
import { MeasurementConsumer } from './measurement/measurement.consumer';
import { MeasurementRepository } from './measurement/measurement.repository';
import { VariableController } from './variable/variable.controller';
import { VariableRepository } from './variable/variable.repository';
import { VariableService } from './variable/variable.service';
import { TagRepository } from './tag/tag.repository';
import { TagService } from './tag/tag.service';

// Variable catalogue and correlation: the read calls of the pickers, tables and correlation charts.
const CATALOG_PROVIDERS = [
  VariableService,
  TagRepository,
  TagService,
  CorrelationRepository,
  CorrelationService,
];

@Module({
  controllers: [ExplorerController, VariableController, MeasurementConsumer, CorrelationController],
  providers: [
    VariableRepository,
    MeasurementRepository,
    IngestionService,
    TimelineService,
    ...CATALOG_PROVIDERS,
  ],
  exports: [IngestionService],
})
export class VariablesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(VARIABLES_SCHEMA, variablesMigrations);
  }
}
