// correlation-data and multiple-correlation-pairs against hand-computed expectations, written once and
// run on PGlite (`npm test`) and on PostgreSQL (integration suite). Points and rollup rows are inserted
// as data; the maximum is 6 points and the as-of bound 20 s.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  correlationColumnsDtoSchema,
  correlationDataDtoSchema,
  correlationFromColumns,
  MAX_CORRELATION_PAIR_OPTIONS,
  type CorrelationPairOptionDto,
} from '@plantlens/contracts';
import type { PlatformConfig } from '@plantlens/platform';
import request from 'supertest';
import {
  at,
  declareVariables,
  insertPoints,
  insertRollups,
  prefixed,
  T0,
  tagIdsByPath,
  type TestVariable,
} from './catalog-fixtures';
import { explorerHeaders, startVariablesService } from './measurement-pipeline.scenario';

export const CORRELATION_TEST_SETTINGS = {
  CORRELATION_MAX_POINTS: '6',
  CORRELATION_ASOF_MAX_AGE_SECONDS: '20',
};

export function describeCorrelation(mode: string, configure: () => Promise<PlatformConfig>): void {
  describe(`correlation (${mode})`, () => {
    const run = `corr_${process.pid}_${Date.now()}`;
    let app: NestFastifyApplication;
    let headers: Record<string, string>;

    beforeAll(async () => {
      app = await startVariablesService(await configure());
      headers = await explorerHeaders(app);
    });
    afterAll(() => app?.close());

    const declare = (variables: TestVariable[]) => declareVariables(app, run, variables);

    function correlationData(
      variableIds: number[],
      startSeconds: number,
      endSeconds: number,
      format?: 'points' | 'columns',
    ) {
      return request(app.getHttpServer())
        .get('/api/web/explorer/correlation-data')
        .set(headers)
        .query({
          variableIds: variableIds.join(','),
          startDate: at(startSeconds),
          endDate: at(endSeconds),
          ...(format && { format }),
        });
    }

    // The default answer, checked against the compact one (format=columns) for the same query: each case
    // below proves both shapes.
    async function aligned(variableIds: number[], startSeconds: number, endSeconds: number) {
      const [points, columns] = await Promise.all([
        correlationData(variableIds, startSeconds, endSeconds).expect(200),
        correlationData(variableIds, startSeconds, endSeconds, 'columns').expect(200),
      ]);
      const body = correlationDataDtoSchema.parse(points.body);
      expect(correlationFromColumns(correlationColumnsDtoSchema.parse(columns.body))).toEqual(body);
      const timestamps = body.variables[0]!.data.map((point) => point.timestamp - T0 / 1000);
      for (const variable of body.variables) {
        // Index-aligned: every series carries the same instants.
        expect(variable.data.map((point) => point.timestamp - T0 / 1000)).toEqual(timestamps);
      }
      return {
        timestamps,
        values: body.variables.map((variable) => variable.data.map((point) => point.value)),
        sampled: body.variables.map((variable) => variable.sampled),
        metadata: body.variables.map((variable) => variable.metadata),
      };
    }

    describe('as-of pairing (X has at most the maximum of points)', () => {
      let x: number, y: number, z: number;

      beforeAll(async () => {
        ({ x, y, z } = await declare([{ name: 'x', unit: 'bar' }, { name: 'y', unit: '°C' }, { name: 'z' }]));
        await insertPoints(app, x, [
          [10, 1],
          [20, 2],
          [30, 3],
          [40, 4],
          [50, 5],
          [70, 7],
        ]);
        await insertPoints(app, y, [
          [5, 100],
          [20, 200],
          [35, 300],
        ]);
        await insertPoints(app, z, [
          [15, -1],
          [45, -2],
        ]);
      });

      it('pairs each X point with the latest Y at or before it, also from before the range', async () => {
        // X at 70 s: the latest Y (35 s) is 35 s old, beyond the 20 s bound: dropped.
        const result = await aligned([x, y], 10, 80);
        expect(result.timestamps).toEqual([10, 20, 30, 40, 50]);
        expect(result.values).toEqual([
          [1, 2, 3, 4, 5],
          [100, 200, 200, 300, 300],
        ]);
        // Six X points in the range, exactly the maximum: not sampled.
        expect(result.sampled).toEqual([false, false]);
        expect(result.metadata).toEqual([
          { id: x, label: prefixed(run, 'x'), unit: 'bar' },
          { id: y, label: prefixed(run, 'y'), unit: '°C' },
        ]);
      });

      it('drops X points without an earlier or fresh enough Z, and keeps the order X, Y, Z', async () => {
        // 10 s: no Z yet; 40 s: Z (15 s) is 25 s old.
        const result = await aligned([x, y, z], 0, 60);
        expect(result.timestamps).toEqual([20, 30, 50]);
        expect(result.values).toEqual([
          [2, 3, 5],
          [200, 200, 300],
          [-1, -1, -2],
        ]);
        expect(result.metadata.map((variable) => variable.id)).toEqual([x, y, z]);
      });

      it('swaps the roles when Y is asked as X', async () => {
        // Y's points at 5, 20 and 35 s as X; X as-of: none before 5 s, 2 at 20 s, 3 at 35 s.
        const result = await aligned([y, x], 0, 60);
        expect(result.timestamps).toEqual([20, 35]);
        expect(result.values).toEqual([
          [200, 300],
          [2, 3],
        ]);
      });

      it('pairs the same way when Y is far denser than X (its as-of points looked up per X point)', async () => {
        const { lab_x: labX, fast_y: fastY } = await declare([{ name: 'lab_x' }, { name: 'fast_y' }]);
        await insertPoints(app, labX, [
          [1, 1],
          [15, 2],
          [100, 3],
        ]);
        // Every 2 s from 0 to 58 s: 29 points in [1 s, 120 s), more than 8 per X point.
        await insertPoints(
          app,
          fastY,
          Array.from({ length: 30 }, (_, i): [number, number] => [2 * i, 100 + 2 * i]),
        );
        // 1 s: Y at 0 s, before the range; 100 s: the latest Y (58 s) is 42 s old.
        const result = await aligned([labX, fastY], 1, 120);
        expect(result.timestamps).toEqual([1, 15]);
        expect(result.values).toEqual([
          [1, 2],
          [100, 114],
        ]);
      });

      it('answers empty series when X has no point in the range', async () => {
        const result = await aligned([x, y], 100, 200);
        expect(result.values).toEqual([[], []]);
        expect(result.sampled).toEqual([false, false]);
      });
    });

    describe('bucket means (X has more points than the maximum)', () => {
      it('averages raw points in equal epoch-aligned buckets and drops buckets missing a variable', async () => {
        const {
          raw_x: x,
          raw_y: y,
          raw_z: z,
        } = await declare([{ name: 'raw_x' }, { name: 'raw_y' }, { name: 'raw_z' }]);
        // 24 X points in [0 s, 24 s) (value = second), one outside: 24 > 6, so 6 buckets of 4 s.
        await insertPoints(app, x, [
          ...Array.from({ length: 24 }, (_, s): [number, number] => [s, s]),
          [24, 1000],
        ]);
        await insertPoints(app, y, [
          [1, 10],
          [2, 20],
          [9, 30],
          [21, 40],
          [22, 60],
        ]);
        await insertPoints(app, z, [
          [0, 1],
          [8, 2],
          [11, 4],
          [17, 5],
          [23, 3],
        ]);
        const result = await aligned([x, y, z], 0, 24);
        // Buckets 0, 8 and 20 s hold all three; 4, 12 s lack Y and Z, 16 s lacks Y.
        expect(result.timestamps).toEqual([0, 8, 20]);
        expect(result.values).toEqual([
          [1.5, 9.5, 21.5],
          [15, 30, 50],
          [1, 3, 3],
        ]);
        expect(result.sampled).toEqual([true, true, true]);
      });

      it('reads the rollup table when buckets are at least 10 s wide', async () => {
        const { rollup_x: x, rollup_y: y } = await declare([{ name: 'rollup_x' }, { name: 'rollup_y' }]);
        // 7 raw X points (> 6) decide sampling; their value (1000) must not reach the means.
        await insertPoints(
          app,
          x,
          Array.from({ length: 7 }, (_, i): [number, number] => [i * 15, 1000]),
        );
        // [0 s, 120 s) into 6 buckets: 20 s each, from the 10 s rollup.
        await insertRollups(app, x, 10, [
          [0, 10, 1],
          [10, 20, 4],
          [40, 9, 3],
          [100, 5, 1],
          [120, 1000, 1], // outside the range
        ]);
        await insertRollups(app, x, 60, [[0, 1000, 1]]); // another resolution: ignored
        await insertRollups(app, y, 10, [
          [0, 4, 1],
          [50, 6, 2],
          [80, 7, 1], // X has nothing in 80–100 s
        ]);
        const result = await aligned([x, y], 0, 120);
        // 0–20 s: X (10 + 20) / (1 + 4), weighted by count; 40–60 s: X 9 / 3, Y 6 / 2; 100–120 s: no Y.
        expect(result.timestamps).toEqual([0, 40]);
        expect(result.values).toEqual([
          [6, 3],
          [4, 3],
        ]);
        expect(result.sampled).toEqual([true, true]);
      });

      it('never returns more than the maximum of points', async () => {
        const { dense_x: x, dense_y: y } = await declare([{ name: 'dense_x' }, { name: 'dense_y' }]);
        // 200 points every 50 ms over 10 s; Y = 2 X at every instant, so every bucket mean of Y is twice X's.
        const xs = Array.from({ length: 200 }, (_, i): [number, number] => [i / 20, Math.sin(i / 7)]);
        await insertPoints(app, x, xs);
        await insertPoints(
          app,
          y,
          xs.map(([s, v]) => [s, 2 * v]),
        );
        const result = await aligned([x, y], 0, 10);
        expect(result.sampled).toEqual([true, true]);
        expect(result.timestamps.length).toBeGreaterThanOrEqual(5);
        expect(result.timestamps.length).toBeLessThanOrEqual(6);
        result.values[0]!.forEach((mean, i) => expect(result.values[1]![i]).toBeCloseTo(2 * mean, 12));
      });
    });

    describe('validation', () => {
      const range = { startDate: at(0), endDate: at(1) };
      const twoOrThree = 'variableIds: must list 2 or 3 distinct variable ids: X, Y and optionally Z';
      it.each([
        ['no variables', range, 'variableIds: is required (comma-separated variable ids)'],
        ['one variable', { ...range, variableIds: '1' }, twoOrThree],
        ['four variables', { ...range, variableIds: '1,2,3,4' }, twoOrThree],
        ['X = Y', { ...range, variableIds: '5,5' }, twoOrThree],
        [
          'an id that is no number',
          { ...range, variableIds: '1,x' },
          'variableIds: must be a comma-separated list of positive integer ids',
        ],
        [
          'a start that is no date',
          { variableIds: '1,2', startDate: 'yesterday', endDate: at(1) },
          'startDate: must be a date in epoch milliseconds',
        ],
        ['no end', { variableIds: '1,2', startDate: at(0) }, 'endDate: must be a date in epoch milliseconds'],
        [
          'an empty range',
          { variableIds: '1,2', startDate: at(1), endDate: at(1) },
          'startDate: startDate must be earlier than endDate',
        ],
        [
          'an unknown answer format',
          { variableIds: '1,2', ...range, format: 'rows' },
          'format: must be "points" or "columns"',
        ],
      ])('answers 400 for %s', async (_, query, message) => {
        const response = await request(app.getHttpServer())
          .get('/api/web/explorer/correlation-data')
          .set(headers)
          .query(query)
          .expect(400);
        expect(response.body.message).toBe(message);
      });

      it('answers 404 naming unknown variables', async () => {
        const { known } = await declare([{ name: 'known' }]);
        const response = await correlationData([known!, 999_998, 999_999], 0, 1).expect(404);
        expect(response.body.message).toBe('variableIds: unknown variable 999998, 999999');
      });
    });

    describe('multiple-correlation-pairs', () => {
      let tagIds: Map<string, number>;
      let ids: Record<string, number>;

      beforeAll(async () => {
        ids = await declare([
          { name: 'cdu_top_t', tags: ['Area/CDU', 'Measurement/Temperature'] },
          { name: 'cdu_feed_f', tags: ['Area/CDU', 'Measurement/Flow'] },
          { name: 'dcu_drum_t', tags: ['Area/DCU/Drum A', 'Measurement/Temperature'] },
          { name: 'dcu_drum_p', tags: ['Area/DCU/Drum A', 'Measurement/Pressure'] },
          { name: 'dcu_feed_f', tags: ['Area/DCU', 'Measurement/Flow'] },
          ...Array.from({ length: 46 }, (_, i) => ({ name: `bulk_${i}`, tags: ['Bulk'] })),
        ]);
        tagIds = await tagIdsByPath(app, run);
      });

      const pairs = (query: Record<string, unknown>) =>
        request(app.getHttpServer())
          .get('/api/web/explorer/multiple-correlation-pairs')
          .set(headers)
          .query(query);
      const tagList = (paths: string[]) => paths.map((path) => tagIds.get(path)).join(',');
      const pairsOf = async (tagsX: string[], tagsY: string[]) =>
        (await pairs({ tagsX: tagList(tagsX), tagsY: tagList(tagsY) }).expect(200))
          .body as CorrelationPairOptionDto[];
      const option = (x: string, y: string) => ({
        id: `${ids[x]}-${ids[y]}`,
        label: `${prefixed(run, x)} / ${prefixed(run, y)}`,
        x: ids[x],
        y: ids[y],
      });

      it('offers every X variable of tagsX against every other Y variable of tagsY, by name', async () => {
        // DCU matches its descendant Drum A; dcu_drum_t is not paired with itself.
        expect(await pairsOf(['Measurement/Temperature'], ['Area/DCU'])).toEqual([
          option('cdu_top_t', 'dcu_drum_p'),
          option('cdu_top_t', 'dcu_drum_t'),
          option('cdu_top_t', 'dcu_feed_f'),
          option('dcu_drum_t', 'dcu_drum_p'),
          option('dcu_drum_t', 'dcu_feed_f'),
        ]);
      });

      it('combines tags of different roots (area and measurement) and alternatives under one root', async () => {
        expect(await pairsOf(['Area/DCU', 'Measurement/Flow'], ['Measurement/Temperature'])).toEqual([
          option('dcu_feed_f', 'cdu_top_t'),
          option('dcu_feed_f', 'dcu_drum_t'),
        ]);
        expect(await pairsOf(['Area/CDU', 'Area/DCU/Drum A'], ['Measurement/Pressure'])).toEqual([
          option('cdu_feed_f', 'dcu_drum_p'),
          option('cdu_top_t', 'dcu_drum_p'),
          option('dcu_drum_t', 'dcu_drum_p'),
        ]);
      });

      it('answers 400 for missing or malformed tags and for too many pairs', async () => {
        const missing = await pairs({ tagsX: '1' }).expect(400);
        expect(missing.body.message).toBe('tagsY: must list at least one tag id');
        const malformed = await pairs({ tagsX: '1,two', tagsY: '1' }).expect(400);
        expect(malformed.body.message).toBe('tagsX: must be a comma-separated list of integer tag ids');
        const tooMany = await pairs({ tagsX: tagIds.get('Bulk'), tagsY: tagIds.get('Bulk') });
        expect(tooMany.status).toBe(400);
        expect(tooMany.body.message).toBe(
          `These tags make ${46 * 45} pairs, more than ${MAX_CORRELATION_PAIR_OPTIONS}: choose narrower tags`,
        );
      });
    });
  });
}
