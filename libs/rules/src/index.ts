export * from './rules.module';
