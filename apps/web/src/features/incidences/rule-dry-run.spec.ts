import type { RuleDryRunResultDto } from '@plantlens/contracts';
import type { XAxisOptions, YAxisOptions } from 'highcharts';
import dayjs from 'dayjs';
import type { TimelineData } from '../explorer/api';
import {
  DRY_RUN_BAND_CLASS,
  DRY_RUN_THRESHOLD_CLASS,
  dryRunBands,
  dryRunChartOptions,
  dryRunPresetRange,
  formatIncidenceDuration,
} from './rule-dry-run';

const HOUR = 3_600_000;
const from = 1_700_000_000_000;
const to = from + 48 * HOUR;

const result = (extra: Partial<RuleDryRunResultDto> = {}): RuleDryRunResultDto => ({
  from,
  to,
  points: 100,
  evaluations: 100,
  activations: 8,
  incidenceCount: 2,
  incidences: [
    {
      openedAt: from + HOUR,
      closedAt: from + 3 * HOUR,
      evaluations: 10,
      activations: 5,
      value: 9,
      threshold: 8,
    },
    { openedAt: to - HOUR, closedAt: null, evaluations: 3, activations: 3, value: 9, threshold: 8 },
  ],
  truncatedAt: null,
  ...extra,
});

const timeline = (units: string[]): TimelineData => ({
  startDate: from,
  endDate: to,
  variables: units.map((unit, index) => ({
    metadata: { id: index + 1, label: `V${index + 1}`, unit },
    data: [{ timestamp: from / 1000, value: 7 }],
    sampled: false,
    resolutionS: null,
    gridStartMs: from,
    bucketMs: 0,
  })),
});
const settings = { locale: 'en-GB', timezone: 'UTC' };

describe('rule dry run', () => {
  it('draws each incidence from its begin to its close, an open one to the end of the range', () => {
    expect(dryRunBands(result())).toEqual([
      { from: from + HOUR, to: from + 3 * HOUR },
      { from: to - HOUR, to },
    ]);
  });

  it('ends an open incidence where a cut answer stopped evaluating', () => {
    expect(dryRunBands(result({ truncatedAt: to - HOUR / 2 })).at(-1)).toEqual({
      from: to - HOUR,
      to: to - HOUR / 2,
    });
  });

  it("adds the bands and the constant's line to the explorer's chart, stretching the axis to the constant", () => {
    const options = dryRunChartOptions({
      timeline: timeline(['bar']),
      result: result(),
      constant: 8,
      settings,
      thresholdLabel: 'Threshold 8',
    });
    const xAxis = options.xAxis as XAxisOptions;
    expect(xAxis).toMatchObject({ type: 'datetime', min: from, max: to });
    expect(xAxis.plotBands?.map(({ from: begin, to: end, className }) => [begin, end, className])).toEqual([
      [from + HOUR, from + 3 * HOUR, DRY_RUN_BAND_CLASS],
      [to - HOUR, to, DRY_RUN_BAND_CLASS],
    ]);
    const [yAxis] = options.yAxis as YAxisOptions[];
    expect(yAxis).toMatchObject({ softMin: 8, softMax: 8 });
    expect(yAxis.plotLines).toEqual([
      expect.objectContaining({
        value: 8,
        className: DRY_RUN_THRESHOLD_CLASS,
        label: { text: 'Threshold 8' },
      }),
    ]);
    expect(options.series).toHaveLength(1);
  });

  it('draws no line when the rule compares two variables, both on one axis', () => {
    const options = dryRunChartOptions({
      timeline: timeline(['bar', 'bar']),
      result: result(),
      constant: null,
      settings,
      thresholdLabel: '',
    });
    const axes = options.yAxis as YAxisOptions[];
    expect(axes).toHaveLength(1);
    expect(axes[0].plotLines).toBeUndefined();
    expect(options.series).toHaveLength(2);
  });

  it('offers ranges up to now', () => {
    const now = dayjs('2026-03-31T12:00:00Z');
    expect(dryRunPresetRange('last24Hours', now)).toEqual({
      startDate: now.valueOf() - 24 * HOUR,
      endDate: now.valueOf(),
    });
    expect(dryRunPresetRange('lastYear', now).startDate).toBe(now.subtract(1, 'year').valueOf());
  });

  it("writes a duration in whole units, to the second, in the user's language", () => {
    expect(formatIncidenceDuration(2 * HOUR + 30 * 60_000, 'en-GB')).toBe('2h 30m');
    expect(formatIncidenceDuration(26 * HOUR + 5_000, 'en-GB')).toBe('1d 2h 5s');
    expect(formatIncidenceDuration(3 * HOUR + 20 * 60_000, 'es-ES')).toBe('3h 20min');
    expect(formatIncidenceDuration(400, 'en-GB')).toBe('0s');
  });
});
