import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { parsePrometheusText } from './prometheus-text';

describe('parsePrometheusText', () => {
  it("reads what a prom-client registry exposes: labels with escapes, histograms' buckets, gauges", async () => {
    const registry = new Registry();
    registry.setDefaultLabels({ service: 'variables' });
    const rejected = new Counter({
      name: 'plantlens_points_rejected_total',
      help: 'points refused',
      labelNames: ['reason'],
      registers: [registry],
    });
    rejected.inc({ reason: 'a "quoted" \\ reason\nover two lines' }, 3);
    const latency = new Histogram({
      name: 'plantlens_http_request_duration_seconds',
      help: 'latency',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.1, 1],
      registers: [registry],
    });
    latency.observe({ method: 'GET', route: '/api/web/tag', status: '200' }, 0.05);
    latency.observe({ method: 'GET', route: '/api/web/tag', status: '200' }, 5);
    new Gauge({ name: 'plantlens_rules_lag_seconds', help: 'lag', registers: [registry] }).set(-1.5e-3);
    // prom-client writes NaN as `Nan`, which Prometheus reads (its parser ignores case).
    new Gauge({ name: 'plantlens_rollup_lag_seconds', help: 'lag', registers: [registry] }).set(NaN);

    const samples = parsePrometheusText(await registry.metrics());

    expect(samples).toContainEqual({
      name: 'plantlens_points_rejected_total',
      labels: { reason: 'a "quoted" \\ reason\nover two lines', service: 'variables' },
      value: 3,
    });
    const buckets = samples.filter(({ name }) => name === 'plantlens_http_request_duration_seconds_bucket');
    expect(buckets.map(({ labels, value }) => [labels.le, value])).toEqual([
      ['0.1', 1],
      ['1', 1],
      ['+Inf', 2],
    ]);
    expect(buckets[0]!.labels).toEqual({
      le: '0.1',
      method: 'GET',
      route: '/api/web/tag',
      status: '200',
      service: 'variables',
    });
    expect(samples).toContainEqual(
      expect.objectContaining({ name: 'plantlens_http_request_duration_seconds_sum', value: 5.05 }),
    );
    expect(samples).toContainEqual({
      name: 'plantlens_rules_lag_seconds',
      labels: { service: 'variables' },
      value: -0.0015,
    });
    expect(samples).toContainEqual({
      name: 'plantlens_rollup_lag_seconds',
      labels: { service: 'variables' },
      value: NaN,
    });
  });

  it('reads special values and timestamps, and refuses what is not the format', () => {
    expect(parsePrometheusText('# HELP x y\n\nup 1 1700000000000\nnan NaN\ninf{le="+Inf"} +Inf\n')).toEqual([
      { name: 'up', labels: {}, value: 1 },
      { name: 'nan', labels: {}, value: NaN },
      { name: 'inf', labels: { le: '+Inf' }, value: Infinity },
    ]);
    expect(() => parsePrometheusText('<html><body>Not found</body></html>')).toThrow('not a metric line');
    expect(() => parsePrometheusText('up{job="a} 1')).toThrow('unterminated label value');
    expect(() => parsePrometheusText('up{job=a} 1')).toThrow('malformed labels');
    expect(() => parsePrometheusText('up')).toThrow('not a sample value');
  });
});
