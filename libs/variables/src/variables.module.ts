import { Module, type OnModuleInit } from '@nestjs/common';
import { IdentityClient, SchemaMigrator } from '@plantlens/platform';
import { AggregateBackfillRepository } from './aggregate-variable/aggregate-backfill.repository';
import { AggregateBackfill } from './aggregate-variable/aggregate-backfill.service';
import { AggregateCalculator } from './aggregate-variable/aggregate-calculator.service';
import { AggregateCatalog } from './aggregate-variable/aggregate-catalog.service';
import { AggregateVariableController } from './aggregate-variable/aggregate-variable.controller';
import { AggregateVariableRepository } from './aggregate-variable/aggregate-variable.repository';
import { AggregateVariableService } from './aggregate-variable/aggregate-variable.service';
import { RuleReferenceClient } from './aggregate-variable/rule-reference.client';
import { AggregatePreviewController } from './aggregate-variable/aggregate-preview.controller';
import { AggregatePreviewService } from './aggregate-variable/aggregate-preview.service';
import { AggregateSeriesRepository } from './aggregate-variable/aggregate-series.repository';
import { CategoryController } from './category/category.controller';
import { CategoryRepository } from './category/category.repository';
import { CategoryService } from './category/category.service';
import { CorrelationController } from './correlation/correlation.controller';
import { CorrelationRepository } from './correlation/correlation.repository';
import { CorrelationService } from './correlation/correlation.service';
import { CsvUploadModule } from './csv-upload/csv-upload.module';
import { VARIABLES_SCHEMA } from './database/variables-database';
import { variablesMigrations } from './database/migrations';
import { ExplorerController } from './explorer/explorer.controller';
import { ExplorerReads } from './explorer/explorer-reads';
import { RawPointsRepository } from './explorer/raw-points.repository';
import { RawPointsService } from './explorer/raw-points.service';
import { TimelineRepository } from './explorer/timeline.repository';
import { TimelineService } from './explorer/timeline.service';
import { IngestionService } from './measurement/ingestion.service';
import { MeasurementConsumer } from './measurement/measurement.consumer';
import { MeasurementMetrics } from './measurement/measurement-metrics';
import { MeasurementWriter } from './measurement/measurement-writer.service';
import { MeasurementRepository } from './measurement/measurement.repository';
import { DatastoreController } from './read-cache/datastore.controller';
import { ReadCacheRepository } from './read-cache/read-cache.repository';
import { ReadCacheService } from './read-cache/read-cache.service';
import { QueryController } from './query/query.controller';
import { QueryRepository } from './query/query.repository';
import { QueryService } from './query/query.service';
import { RetentionPolicy } from './retention/retention-policy';
import { RetentionRepository } from './retention/retention.repository';
import { RetentionService } from './retention/retention.service';
import { RollupRepository } from './rollup/rollup.repository';
import { RollupMetrics } from './rollup/rollup-metrics';
import { RollupService } from './rollup/rollup.service';
import { StorageMetrics } from './storage/storage-metrics';
import { StorageStatsRepository } from './storage/storage-stats.repository';
import { RawVariableController } from './variable/raw-variable.controller';
import { RawVariableService } from './variable/raw-variable.service';
import { CatalogueFieldsCheck } from './variable/catalogue-fields';
import { VariableController } from './variable/variable.controller';
import { VariableRepository } from './variable/variable.repository';
import { VariableService } from './variable/variable.service';
import { TagController } from './tag/tag.controller';
import { TagRepository } from './tag/tag.repository';
import { TagService } from './tag/tag.service';

// Variable catalogue and correlation: the read calls of the pickers, tables and correlation charts.
const CATALOG_PROVIDERS = [
  VariableService,
  TagRepository,
  TagService,
  CorrelationRepository,
  CorrelationService,
  RawVariableService,
  CategoryRepository,
  CategoryService,
  CatalogueFieldsCheck,
];

// Aggregate variables' catalogue API (create, read, rename, share, delete with their dependencies).
const AGGREGATE_API_PROVIDERS = [AggregateVariableRepository, AggregateVariableService, RuleReferenceClient];
// Aggregate variables: the calculation (live after each stored batch, back-fill in the background, preview).
const AGGREGATE_ENGINE_PROVIDERS = [
  AggregateSeriesRepository,
  AggregateCalculator,
  AggregateBackfillRepository,
  AggregateBackfill,
  AggregatePreviewService,
];

@Module({
  imports: [CsvUploadModule],
  controllers: [
    ExplorerController,
    VariableController,
    MeasurementConsumer,
    CorrelationController,
    TagController,
    QueryController,
    DatastoreController,
    RawVariableController,
    CategoryController,
    AggregateVariableController,
    AggregatePreviewController,
  ],
  providers: [
    AggregateCatalog,
    ExplorerReads,
    ...AGGREGATE_ENGINE_PROVIDERS,
    VariableRepository,
    MeasurementRepository,
    MeasurementMetrics,
    MeasurementWriter,
    IngestionService,
    RollupRepository,
    RollupService,
    RollupMetrics,
    StorageStatsRepository,
    StorageMetrics,
    RetentionPolicy,
    RetentionRepository,
    RetentionService,
    TimelineRepository,
    RawPointsRepository,
    RawPointsService,
    TimelineService,
    ...CATALOG_PROVIDERS,
    IdentityClient,
    QueryRepository,
    QueryService,
    ReadCacheRepository,
    ReadCacheService,
    ...AGGREGATE_API_PROVIDERS,
  ],
  exports: [IngestionService, RollupService],
})
export class VariablesModule implements OnModuleInit {
  constructor(private readonly migrator: SchemaMigrator) {}

  onModuleInit(): Promise<void> {
    return this.migrator.migrate(VARIABLES_SCHEMA, variablesMigrations);
  }
}
