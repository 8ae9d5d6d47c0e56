export * from './valves.module';
