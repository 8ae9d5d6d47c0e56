import { sql, type Kysely } from 'kysely';

// The plant model of the valve screens, the valve monitor's own copy of the valve signals, the actuations
// it analysed, the errors it raised and the learned normal curves. Instants are epoch milliseconds
// (bigint): the monitor only compares and stores them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table valves.asset (
      id text primary key,
      coke_drum text not null,
      type text not null check (type in ('Gate', 'Plug', 'Switch plug')),
      label text not null,
      serial_number text,
      tag_number text,
      last_maintenance date,
      position integer not null
    )`.execute(db);

  // Variable id → valve and signal, learned from the variables service (client reference <asset>_<signal>);
  // ids that are not valve signals are remembered too (asset null) so they are asked about once. The
  // client reference is kept so that a valve added to valves.asset later is recognised from the cache.
  await sql`
    create table valves.variable_signal (
      variable_id integer primary key,
      client_reference text not null,
      asset text,
      signal text
    )`.execute(db);

  // The valve signals as they arrived: a replayed or corrected point overwrites itself.
  await sql`
    create table valves.signal_sample (
      asset text not null,
      signal text not null,
      ts bigint not null,
      value double precision not null,
      primary key (asset, signal, ts)
    )`.execute(db);

  // One row per analysed actuation; the primary key makes a second analysis of the same one a no-op.
  await sql`
    create table valves.actuation (
      asset text not null,
      begin_ms bigint not null,
      end_ms bigint not null,
      operation text not null check (operation in ('opening', 'closure')),
      codes integer[] not null default '{}',
      -- torque by curve level 0..120 (level 0 = closed), null where no reading fell on the level
      torque_profile double precision[] not null,
      primary key (asset, begin_ms)
    )`.execute(db);
  await sql`create index actuation_end on valves.actuation (end_ms)`.execute(db);

  await sql`
    create table valves.asset_error (
      asset text not null,
      begin_ms bigint not null,
      end_ms bigint not null,
      code integer not null,
      -- false until its AssetAlarmEvent is on the bus (written in the analysis transaction, published after)
      published boolean not null default false,
      primary key (asset, begin_ms, code)
    )`.execute(db);
  await sql`create index asset_error_end on valves.asset_error (end_ms)`.execute(db);
  await sql`create index asset_error_unpublished on valves.asset_error (asset, begin_ms) where not published`.execute(
    db,
  );

  // values by curve level 0..120 (level 0 = closed); the API turns them to the spec's 100 → 0 axis.
  await sql`
    create table valves.normal_curve (
      asset text not null,
      operation text not null check (operation in ('opening', 'closure')),
      "values" double precision[] not null,
      actuation_count integer not null,
      window_begin_ms bigint not null,
      window_end_ms bigint not null,
      learned_at timestamptz not null default now(),
      primary key (asset, operation)
    )`.execute(db);

  // How far each valve's opening signal has been cut into actuations: an actuation that spans a restart
  // is found again from the stored samples, and one already analysed is not analysed twice.
  await sql`
    create table valves.analysis_progress (
      asset text primary key,
      analysed_until_ms bigint not null
    )`.execute(db);

  // Coke drum A and its valves (spec §3, §9); descriptive fields are an administrator's to fill in.
  await sql`
    insert into valves.asset (id, coke_drum, type, label, serial_number, tag_number, last_maintenance, position)
    values
      ('gate01', 'cokeDrumA', 'Gate', 'Gate 01', 'GV-A-1001', 'XV-1001', null, 1),
      ('gate02', 'cokeDrumA', 'Gate', 'Gate 02', 'GV-A-1002', 'XV-1002', null, 2),
      ('lift01', 'cokeDrumA', 'Plug', 'Lift plug 01', 'LP-A-2001', 'XV-2001', null, 3),
      ('lift02', 'cokeDrumA', 'Plug', 'Lift plug 02', 'LP-A-2002', 'XV-2002', null, 4),
      ('lift03', 'cokeDrumA', 'Plug', 'Lift plug 03', 'LP-A-2003', 'XV-2003', null, 5),
      ('lift04', 'cokeDrumA', 'Plug', 'Lift plug 04', 'LP-A-2004', 'XV-2004', null, 6),
      ('lift05', 'cokeDrumA', 'Plug', 'Lift plug 05', 'LP-A-2005', 'XV-2005', null, 7),
      ('switch01', 'cokeDrumA', 'Switch plug', 'Switch plug 01', 'SP-A-3001', 'XV-3001', null, 8)
  `.execute(db);
}
