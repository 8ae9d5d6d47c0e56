export * from './performance/performance.module';
export { PerformanceSampler } from './performance/performance-sampler.service';
export { parsePrometheusText, type MetricSample } from './performance/prometheus-text';
