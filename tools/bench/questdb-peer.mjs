// The pure pieces of questdb-bench.mjs: the timeline bench's points, their InfluxDB line protocol encoding and
// the SAMPLE BY query of the per-pixel-column M4 reduction (first, min, max, last) on the product's column grid.

/**
 * The value timeline-bench.mjs loads for variable `index` at `epochS` (its generate_series expression, in
 * JavaScript): a daily and a weekly wave plus noise and rare spikes, `random()` in [0, 1) as PostgreSQL's.
 */
export function timelineBenchValue(epochS, index, random) {
  const noise = 2 * random();
  const spike = random() < 0.00001 ? 40 : 0;
  return (
    50 +
    20 * Math.sin((epochS / 86400) * 2 * Math.PI + index) +
    5 * Math.sin((epochS / 604800) * 2 * Math.PI) +
    noise +
    spike
  );
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same points on every run. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Escapes a table name (commas, spaces) or a tag or field key or a tag value (also equals signs). */
const escapedName = (text) => text.replace(/[, \\]/g, (character) => `\\${character}`);
const escapedKey = (text) => text.replace(/[,= \\]/g, (character) => `\\${character}`);

/**
 * The InfluxDB line protocol encoder of one series: `(value, timestampMs) => 'table,tag=… field=value <ns>\n'`.
 * The head is escaped once (the encoder runs for every point). The value is a double (a number without the `i`
 * suffix); the timestamp is in nanoseconds, the TCP receiver's default unit.
 */
export function ilpSeriesEncoder(table, tags, field) {
  const head = [
    escapedName(table),
    ...Object.entries(tags).map(([k, v]) => `${escapedKey(k)}=${escapedKey(String(v))}`),
  ];
  const prefix = `${head.join(',')} ${escapedKey(field)}=`;
  return (value, timestampMs) => {
    if (!Number.isFinite(value)) throw new Error(`${field} is not a finite number: ${value}`);
    if (!Number.isInteger(timestampMs))
      throw new Error(`timestamp must be whole milliseconds: ${timestampMs}`);
    return `${prefix}${value} ${timestampMs}000000\n`;
  };
}

const isoUtc = (ms) => `'${new Date(ms).toISOString()}'`;
const quoted = (text) => `'${String(text).replaceAll("'", "''")}'`;

/** The materialized view holding `table`'s M4 at `resolutionS`: QuestDB's counterpart of a product rollup level. */
export function rollupViewName(table, resolutionS) {
  return `${table}_m4_${resolutionS}s`;
}

/**
 * The statement creating rollupViewName(table, resolutionS): first, min, max and last of each variable per bucket,
 * refreshed by QuestDB itself as rows arrive (incrementally, from the rows of each commit).
 */
export function rollupViewStatement(table, resolutionS) {
  return [
    `CREATE MATERIALIZED VIEW ${rollupViewName(table, resolutionS)} AS (`,
    `SELECT ts, variable, first(value) AS first, min(value) AS min, max(value) AS max, last(value) AS last`,
    `FROM ${table} SAMPLE BY ${resolutionS}s`,
    `) PARTITION BY DAY`,
  ].join(' ');
}

/**
 * QuestDB SQL for the M4 reduction of `variables` over `grid` (the product's timelineGrid): one row per variable
 * and column of `grid.columnMs`, from the raw table, or with `fromView` from the rollupViewName of the grid's
 * resolution (a column is a whole number of its buckets, so their first/min/max/last give the column's). QuestDB
 * refuses FROM … TO on a keyed SAMPLE BY, so the buckets are placed by alignment: a rollup grid's columns are
 * multiples of columnMs from the epoch, which is where ALIGN TO CALENDAR puts millisecond buckets; a raw grid's
 * columns start at grid.startMs, the first observation when a point lies there (every second has one in the
 * bench's data). SAMPLE BY takes whole milliseconds: a fractional raw column is rounded.
 */
export function m4SampleByQuery(table, variables, grid, { fromView = false } = {}) {
  if (fromView && grid.resolutionS === null) throw new Error('a raw grid has no rollup view');
  const columnMs = Math.max(1, Math.round(grid.columnMs));
  const aggregates = fromView
    ? 'first(first) AS first, min(min) AS min, max(max) AS max, last(last) AS last'
    : 'first(value) AS first, min(value) AS min, max(value) AS max, last(value) AS last';
  return [
    `SELECT ts, variable, ${aggregates}`,
    `FROM ${fromView ? rollupViewName(table, grid.resolutionS) : table}`,
    `WHERE variable IN (${variables.map(quoted).join(', ')})`,
    `AND ts >= ${isoUtc(grid.startMs)} AND ts < ${isoUtc(grid.endMs)}`,
    `SAMPLE BY ${columnMs}T ALIGN TO ${grid.resolutionS === null ? 'FIRST OBSERVATION' : 'CALENDAR'}`,
  ].join(' ');
}
