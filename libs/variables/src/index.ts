export * from './variables.module';
export { IngestionService } from './measurement/ingestion.service';
