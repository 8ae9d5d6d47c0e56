import type { SeriesColumnOptions, SeriesLineOptions, XAxisOptions } from 'highcharts';
import { REVIEW, T0, referenceCurves } from './fixtures/valve-fixtures';
import {
  OVER_LIMIT_COLOR,
  VALVE_X_TICKS,
  WITHIN_LIMIT_COLOR,
  buildHistoricOptions,
  buildPairDeviationOptions,
  buildSignalsOptions,
  historicTooltipHtml,
  historicTooltipRows,
  offsetSeries,
  valveTickPositions,
} from './valve-chart-options';

const pairLabels = {
  torque: 'Torque',
  normalCurve: 'Normal curve',
  limitCurve: 'Limit curve',
  openingLevel: 'Opening (%)',
  noNormalCurve: 'No normal curve',
};

describe('pair deviation chart (spec part 2 §9)', () => {
  it('paints a bar red where the limit at its exact opening level is below the torque, else dark blue', () => {
    const options = buildPairDeviationOptions(REVIEW, referenceCurves('gate01', true), 'opening', pairLabels);
    const bars = (options.series?.[0] as SeriesColumnOptions).data;
    expect(bars).toEqual([
      { x: 0.83, y: 95, color: OVER_LIMIT_COLOR },
      // 50.4 % is no point of the limit curve: judged against itself.
      { x: 50.4, y: 40, color: WITHIN_LIMIT_COLOR },
      { x: 100, y: 60, color: WITHIN_LIMIT_COLOR },
    ]);
  });

  it('draws the learned normal curve as a smooth line over the opening axis', () => {
    const options = buildPairDeviationOptions(REVIEW, referenceCurves('gate01', true), 'opening', pairLabels);
    const normal = options.series?.find((series) => series.name === 'Normal curve') as
      SeriesLineOptions | undefined;
    expect(normal?.type).toBe('spline');
    // values[0] (opening 100 %) is null and left out; the rest run up from 0 %.
    expect(normal?.data?.[0]).toEqual([0, 10]);
    expect(normal?.data).toHaveLength(120);
    expect(options.subtitle).toBeUndefined();
  });

  it('says on the chart when the valve has no learned normal curve', () => {
    const options = buildPairDeviationOptions(
      REVIEW,
      referenceCurves('gate01', false),
      'closure',
      pairLabels,
    );
    expect(options.series?.map(({ name }) => name)).toEqual(['Torque', 'Limit curve']);
    expect(options.subtitle?.text).toBe('No normal curve');
  });

  it('has 100 x ticks', () => {
    const options = buildPairDeviationOptions(REVIEW, referenceCurves('gate01', true), 'opening', pairLabels);
    const ticks = (options.xAxis as XAxisOptions).tickPositions;
    expect(ticks).toHaveLength(VALVE_X_TICKS + 1);
    expect(ticks?.slice(0, 3)).toEqual([0, 1, 2]);
    expect(valveTickPositions(0, 30)[1]).toBe(0.3);
  });
});

describe('flow, pressure and temperature chart', () => {
  it('offsets each series from its own earliest point', () => {
    expect(
      offsetSeries([
        { dateTime: T0 + 12, value: 2 },
        { dateTime: T0 + 10, value: 1.5 },
      ]),
    ).toEqual([
      [0, 1.5],
      [2, 2],
    ]);
    const options = buildSignalsOptions(REVIEW, {
      flow: 'Flow',
      pressure: 'Pressure',
      pressureThreshold: 'Threshold',
      temperature: 'Temperature',
      elapsed: 's',
    });
    expect(options.series?.map((series) => [series.name, (series as SeriesLineOptions).type])).toEqual([
      ['Flow', 'line'],
      ['Threshold', 'scatter'],
      ['Pressure', 'line'],
      ['Temperature', 'line'],
    ]);
    expect((options.series?.[3] as SeriesLineOptions).data).toEqual([[0, 400.123]]);
  });
});

describe('historic chart', () => {
  it('draws one line per actuation, x the opening degree and y the torque', () => {
    const options = buildHistoricOptions(
      [
        {
          actuationPair: [
            { dateTime: T0, value: 30 },
            { dateTime: T0 + 1, value: 12 },
          ],
          openingDegree: [
            { dateTime: T0, value: 0 },
            { dateTime: T0 + 1, value: 40 },
          ],
        },
      ],
      { openingDegree: 'Opening', actuationPair: 'Torque' },
    );
    expect(options.series).toHaveLength(1);
    expect((options.series?.[0] as SeriesLineOptions).data).toEqual([
      { x: 0, y: 30, custom: { dateTime: T0 } },
      { x: 40, y: 12, custom: { dateTime: T0 + 1 } },
    ]);
  });

  it('sorts the tooltip by value, highest first, each with its timestamp and 2 decimals', () => {
    const rows = [
      { name: 'a', value: 3, dateTime: T0 },
      { name: 'b', value: 12.5, dateTime: T0 + 1 },
      { name: 'c', value: 7, dateTime: undefined },
    ];
    expect(historicTooltipRows(rows).map(({ name }) => name)).toEqual(['b', 'c', 'a']);
    const html = historicTooltipHtml(rows);
    expect(html.split('<br/>')[0]).toMatch(/^b \(\d\d\/\d\d\/2026 \d\d:\d\d:\d\d\): <b>12.50<\/b>$/);
    expect(html.split('<br/>')[1]).toBe('c: <b>7</b>');
  });
});
