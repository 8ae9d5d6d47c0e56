import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator } from '@plantlens/platform';
import { VARIABLES_SCHEMA } from './database/variables-database';
import { variablesMigrations } from './database/migrations';
import { CsvUploadModule } from './csv-upload/csv-upload.module';
import { ExplorerController } from './explorer/explorer.controller';
import { TimelineService } from './explorer/timeline.service';
import { IngestionService } from './measurement/ingestion.service';
import { MeasurementConsumer } from './measurement/measurement.consumer';
import { MeasurementRepository } from './measurement/measurement.repository';
import { VariableController } from './variable/variable.controller';
import { VariableRepository } from './variable/variable.repository';

@Module({
  imports: [CsvUploadModule],
  controllers: [ExplorerController, VariableController, MeasurementConsumer],
  providers: [VariableRepository, MeasurementRepository, IngestionService, TimelineService],
  exports: [IngestionService],
})
export class VariablesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(VARIABLES_SCHEMA, variablesMigrations);
  }
}
