/** One sample line of the Prometheus text exposition format: `name{label="value",…} value [timestamp]`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', n: '\n' };

// Prometheus reads values as Go's ParseFloat does, without regard to case: prom-client writes NaN as `Nan`.
function sampleValue(text: string): number {
  switch (text.toLowerCase()) {
    case '+inf':
    case 'inf':
      return Infinity;
    case '-inf':
      return -Infinity;
    case 'nan':
      return NaN;
    default: {
      const value = Number(text);
      if (text === '' || Number.isNaN(value)) throw new Error(`not a sample value: ${text}`);
      return value;
    }
  }
}

// `{a="1",b="x\"y"}` from `start` (the `{`): the labels and the index after the `}`.
function parseLabels(line: string, start: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let at = start + 1;
  for (;;) {
    while (line[at] === ' ' || line[at] === ',') at += 1;
    if (line[at] === '}') return { labels, end: at + 1 };
    const name = LABEL_NAME.exec(line.slice(at))?.[0];
    if (!name || line[at + name.length] !== '=' || line[at + name.length + 1] !== '"') {
      throw new Error(`malformed labels: ${line}`);
    }
    at += name.length + 2;
    let value = '';
    while (line[at] !== '"') {
      if (at >= line.length) throw new Error(`unterminated label value: ${line}`);
      if (line[at] === '\\') {
        const escaped = line[at + 1] ?? '';
        value += ESCAPES[escaped] ?? `\\${escaped}`;
        at += 2;
      } else {
        value += line[at];
        at += 1;
      }
    }
    labels[name] = value;
    at += 1;
  }
}

/**
 * The samples of a Prometheus text exposition (format 0.0.4, what prom-client's `registry.metrics()` and
 * every service's `/metrics` answer). Comments (`# HELP`, `# TYPE`) and blank lines are skipped; a
 * malformed line throws, so a wrong answer (an HTML error page) is reported rather than read as no figures.
 */
export function parsePrometheusText(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const name = NAME.exec(line)?.[0];
    if (!name) throw new Error(`not a metric line: ${line}`);
    let labels: Record<string, string> = {};
    let rest = line.slice(name.length);
    if (rest.startsWith('{')) {
      const parsed = parseLabels(line, name.length);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    // The optional timestamp after the value is not needed: the sampler stamps its own reads.
    const [value = ''] = rest.trim().split(/\s+/);
    samples.push({ name, labels, value: sampleValue(value) });
  }
  return samples;
}
