// A small valve history of gate01 and lift03, written straight into the valves schema (as the valve monitor
// would have stored it): samples of one opening, actuations with torque profiles, asset errors.
import { VALVE_CURVE_LEVEL_COUNT } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';

export const T0 = Date.UTC(2025, 5, 1, 12);
const SECOND = 1_000;
/** the latest valve sample of the fixture */
export const LATEST_MS = T0 + 3_600 * SECOND;

/** gate01 opens at T0 + k·600 s (60 s each, k = 0…5, fault-free) and closes 300 s later (k = 0…2). */
export const OPENINGS = [0, 1, 2, 3, 4, 5].map((k) => ({ beginMs: T0 + k * 600 * SECOND, k }));
export const CLOSURES = [0, 1, 2].map((k) => ({ beginMs: T0 + (k * 600 + 300) * SECOND, k }));
/** the closure k = 1 raised code 4; the others are fault-free */
const FAULTY_CLOSURE = 1;

/** Torque of fault-free opening k at curve level `level`: its per-level median over k = a…b is level/10 + (a+b)/2. */
export const openingTorque = (k: number, level: number) => level / 10 + k;

export const ERRORS = [
  { asset: 'gate01', beginMs: CLOSURES[FAULTY_CLOSURE]!.beginMs, code: 4 },
  { asset: 'gate01', beginMs: T0 + 2_000 * SECOND, code: 2 },
  { asset: 'lift03', beginMs: T0 + 1_000 * SECOND, code: 101 },
  // ended more than a day before the latest data: outside the current window
  { asset: 'gate01', beginMs: T0 - 2 * 86_400 * SECOND, code: 1 },
].map((error) => ({ ...error, endMs: error.beginMs + 60 * SECOND }));

export async function seedValveHistory(database: Database): Promise<void> {
  const levels = Array.from({ length: VALVE_CURVE_LEVEL_COUNT }, (_, level) => level);
  const actuations = [
    ...OPENINGS.map(({ beginMs, k }) => ({
      beginMs,
      operation: 'opening',
      codes: [] as number[],
      profile: levels.map((level) => openingTorque(k, level)),
    })),
    ...CLOSURES.map(({ beginMs, k }) => ({
      beginMs,
      operation: 'closure',
      codes: k === FAULTY_CLOSURE ? [4] : [],
      profile: levels.map(() => 4),
    })),
  ];
  // The first opening at 1 Hz (opening 0 → 100 %, torque 3 %), a torque reading half a second in (the
  // screens keep one per second), and the steam pressure, flow and temperature now and then.
  const samples: [string, number, number][] = [];
  for (let s = 0; s <= 60; s += 1) {
    samples.push(['opening', T0 + s * SECOND, (s * 100) / 60], ['torque', T0 + s * SECOND, 3]);
  }
  samples.push(['torque', T0 + 500, 99]);
  for (const s of [0, 30, 60]) {
    samples.push(
      ['pressure', T0 + s * SECOND, 9 - s / 60],
      ['flow', T0 + s * SECOND, 100 + s],
      ['temperature', T0 + s * SECOND, 400],
    );
  }
  samples.push(['pressure', LATEST_MS, 9]);

  await database.withConnection(async (connection) => {
    for (const a of actuations) {
      await connection.query(
        `insert into valves.actuation (asset, begin_ms, end_ms, operation, codes, torque_profile)
         values ('gate01', $1, $2, $3, $4::int[], $5::float8[])`,
        [a.beginMs, a.beginMs + 60 * SECOND, a.operation, a.codes, a.profile],
      );
    }
    for (const e of ERRORS) {
      await connection.query(
        `insert into valves.asset_error (asset, begin_ms, end_ms, code, published) values ($1, $2, $3, $4, true)`,
        [e.asset, e.beginMs, e.endMs, e.code],
      );
    }
    await connection.query(
      `insert into valves.signal_sample (asset, signal, ts, value)
       select 'gate01', * from unnest($1::text[], $2::bigint[], $3::float8[])`,
      [samples.map((s) => s[0]), samples.map((s) => s[1]), samples.map((s) => s[2])],
    );
  });
}
