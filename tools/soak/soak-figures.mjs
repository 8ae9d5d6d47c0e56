// The pure part of `npm run soak`: trends over the samples, the verdict, and the report's table.

/** Least-squares slope of `y` over `x` (units of y per unit of x); 0 for fewer than two distinct x. */
export function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let covariance = 0;
  let varianceX = 0;
  for (const { x, y } of points) {
    covariance += (x - meanX) * (y - meanY);
    varianceX += (x - meanX) ** 2;
  }
  return varianceX === 0 ? 0 : covariance / varianceX;
}

/** The samples taken in the second half of the run (the first half holds warm-up: JIT, caches, pools). */
export function secondHalf(samples) {
  if (samples.length === 0) return [];
  const start = samples[0].elapsedS;
  const middle = start + (samples[samples.length - 1].elapsedS - start) / 2;
  return samples.filter((sample) => sample.elapsedS >= middle);
}

const HOUR_S = 3600;

/**
 * The verdict over the second half of the samples. Memory: a service fails when its RSS trend over that
 * half grows by more than `maxRssGrowthMb` or `maxRssGrowthShare` of its mean, whichever is larger (a
 * single collection moves RSS by megabytes, so a smaller bound would judge the collector, not a leak).
 * Lag: the trend over the half may add at most `maxLagGrowthSeconds` of the offered rate, and the last
 * sample must be under `maxFinalLagSeconds` of it. Errors: none allowed.
 */
export function verdict(samples, errorsByKind, limits) {
  const half = secondHalf(samples);
  const spanS = half.length > 1 ? half[half.length - 1].elapsedS - half[0].elapsedS : 0;
  const services = Object.keys(samples[0]?.rssMb ?? {});
  const memory = services.map((service) => {
    const points = half
      .filter((sample) => sample.rssMb[service] !== undefined)
      .map((sample) => ({ x: sample.elapsedS, y: sample.rssMb[service] }));
    const mbPerS = slope(points);
    const meanMb = points.reduce((sum, p) => sum + p.y, 0) / Math.max(1, points.length);
    const growthMb = mbPerS * spanS;
    const allowedMb = Math.max(limits.maxRssGrowthMb, limits.maxRssGrowthShare * meanMb);
    return {
      service,
      meanMb,
      slopeMbPerHour: mbPerS * HOUR_S,
      growthMb,
      allowedMb,
      ok: points.length > 1 && growthMb <= allowedMb,
    };
  });
  const lagPoints = half.map((sample) => ({ x: sample.elapsedS, y: sample.lagMessages }));
  const lagPerS = slope(lagPoints);
  const lastLag = half.length > 0 ? half[half.length - 1].lagMessages : 0;
  const lag = {
    slopeMessagesPerHour: lagPerS * HOUR_S,
    growthMessages: lagPerS * spanS,
    allowedGrowthMessages: limits.maxLagGrowthSeconds * limits.messagesPerSecond,
    lastMessages: lastLag,
    allowedLastMessages: limits.maxFinalLagSeconds * limits.messagesPerSecond,
  };
  lag.ok =
    lagPoints.length > 1 &&
    lag.growthMessages <= lag.allowedGrowthMessages &&
    lastLag <= lag.allowedLastMessages;
  const errors = Object.values(errorsByKind).reduce((sum, count) => sum + count, 0);
  return {
    secondHalfSpanS: spanS,
    memory,
    lag,
    errors,
    ok: memory.length > 0 && memory.every((service) => service.ok) && lag.ok && errors === 0,
  };
}

const pad = (text, width, right = true) =>
  right ? String(text).padStart(width) : String(text).padEnd(width);

/** One sample every `everySeconds` or more of elapsed time, and the last one always. */
export function thinned(samples, everySeconds) {
  const kept = [];
  for (const sample of samples) {
    const previous = kept[kept.length - 1];
    if (!previous || sample.elapsedS - previous.elapsedS >= everySeconds - 1e-6) kept.push(sample);
  }
  const last = samples[samples.length - 1];
  if (last && kept[kept.length - 1] !== last) kept.push(last);
  return kept;
}

/**
 * The samples as a markdown table: elapsed minutes, each service's RSS, the consumer lag, the points offered
 * per second over the sampling interval, the requests and errors counted since the start, and the machine's
 * one-minute load average.
 */
export function samplesTable(samples) {
  const services = Object.keys(samples[0]?.rssMb ?? {});
  const header = [
    'min',
    ...services.map((s) => `${s} RSS MB`),
    'lag msgs',
    'points/s',
    'requests',
    'errors',
    'load',
  ];
  const rows = samples.map((sample) => [
    (sample.elapsedS / 60).toFixed(1),
    ...services.map((s) => (sample.rssMb[s] === undefined ? '—' : sample.rssMb[s].toFixed(0))),
    String(sample.lagMessages),
    sample.pointsPerSecond.toFixed(0),
    String(sample.requests),
    String(sample.errors),
    sample.loadAverage.toFixed(1),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => pad(cell, widths[i], i > 0)).join(' | ')} |`;
  return [
    `| ${header.map((title, i) => pad(title, widths[i], false)).join(' | ')} |`,
    `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

/** The verdict in a few markdown lines. */
export function verdictText(result) {
  const minutes = (result.secondHalfSpanS / 60).toFixed(0);
  const lines = [`**${result.ok ? 'PASS' : 'FAIL'}** (trends over the second half, ${minutes} min):`];
  for (const m of result.memory) {
    lines.push(
      `- ${m.service}: RSS mean ${m.meanMb.toFixed(0)} MB, trend ${m.slopeMbPerHour >= 0 ? '+' : ''}${m.slopeMbPerHour.toFixed(1)} MB/h ` +
        `(${m.growthMb >= 0 ? '+' : ''}${m.growthMb.toFixed(1)} MB over the half, allowed ${m.allowedMb.toFixed(0)}) ${m.ok ? 'ok' : 'GROWS'}`,
    );
  }
  const lag = result.lag;
  lines.push(
    `- consumer lag: trend ${lag.slopeMessagesPerHour.toFixed(0)} messages/h (${lag.growthMessages.toFixed(0)} over the half, ` +
      `allowed ${lag.allowedGrowthMessages.toFixed(0)}), last ${lag.lastMessages} (allowed ${lag.allowedLastMessages.toFixed(0)}) ${lag.ok ? 'ok' : 'GROWS'}`,
  );
  lines.push(`- errors: ${result.errors}`);
  return lines.join('\n');
}
