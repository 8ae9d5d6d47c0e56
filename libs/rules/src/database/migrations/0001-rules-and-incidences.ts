import { sql, type Kysely } from 'kysely';

// Rules, the engine's durable state, incidences and their summaries, the outbox of events and the
// e-mail deliveries. Owner and sharing of a rule live in the identity service (object type `incidence`).
// Engine instants that are only compared and stored are epoch milliseconds (bigint); what people read
// is timestamptz.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rules.rule (
      id integer generated always as identity primary key,
      name text not null,
      enabled boolean not null default true,
      operator text not null check (operator in ('<', '<=', '>', '>=', '=', '<>')),
      var_one_id integer not null,
      var_two_id integer,
      constant double precision,
      min_duration_s integer not null default 0 check (min_duration_s >= 0),
      deadband double precision not null default 0 check (deadband >= 0),
      emails text[] not null default '{}',
      tags text[] not null default '{}',
      -- Names of the variables when the rule was made, for e-mails and origin texts (the variables
      -- service owns the names; this service cannot read its tables).
      var_one_label text not null,
      var_one_reference text not null,
      var_one_unit text,
      var_two_label text,
      var_two_reference text,
      -- The plant asset the rule watches: the part of the first variable's client reference before "_".
      asset_id integer,
      created_at timestamptz not null default now(),
      check ((constant is null) <> (var_two_id is null))
    )`.execute(db);
  await sql`create index rule_var_one on rules.rule (var_one_id)`.execute(db);

  // Assets of the current-status map. Made when a rule names a new one; position and parent are the
  // plant's to fill in.
  await sql`
    create table rules.asset (
      id integer generated always as identity primary key,
      name text not null unique,
      parent_id integer references rules.asset (id) on delete set null,
      lat double precision,
      lng double precision
    )`.execute(db);
  await sql`alter table rules.rule add foreign key (asset_id) references rules.asset (id) on delete set null`.execute(
    db,
  );

  // The latest point the engine evaluated per input variable: points at or before it are replays or
  // late, and its value is the "latest value" of variable-vs-variable rules.
  await sql`
    create table rules.variable_watermark (
      variable_id integer primary key,
      ts_ms bigint not null,
      value double precision
    )`.execute(db);

  // Since when a rule's condition has held (null: it does not), for the minimum duration.
  await sql`
    create table rules.rule_state (
      rule_id integer primary key references rules.rule (id) on delete cascade,
      condition_since_ms bigint
    )`.execute(db);

  // Evaluations and activations per rule and UTC day: the evolution strip and the gravity.
  await sql`
    create table rules.rule_day (
      rule_id integer not null references rules.rule (id) on delete cascade,
      day date not null,
      evaluations bigint not null,
      activations bigint not null,
      primary key (rule_id, day)
    )`.execute(db);

  // Day counts as each checkpoint wrote them, one row of arrays per checkpoint (a cheap append whatever
  // the number of rules), folded into rule_day every few seconds and before any read of the counts.
  await sql`
    create table rules.rule_day_pending (
      id bigint generated always as identity primary key,
      rule_ids integer[] not null,
      days integer[] not null,
      evaluations integer[] not null,
      activations integer[] not null
    )`.execute(db);

  await sql`
    create table rules.incidence_summary (
      id integer generated always as identity primary key,
      rule_id integer not null references rules.rule (id) on delete cascade,
      first_activation timestamptz not null,
      last_activation timestamptz not null,
      openings integer not null default 0,
      resolved_at timestamptz
    )`.execute(db);
  // At most one unresolved summary per rule.
  await sql`create unique index incidence_summary_unresolved on rules.incidence_summary (rule_id) where resolved_at is null`.execute(
    db,
  );

  await sql`
    create table rules.summary_status (
      id integer generated always as identity primary key,
      summary_id integer not null references rules.incidence_summary (id) on delete cascade,
      status text not null check (status in ('NEW', 'REVISION', 'REPORTED', 'DISMISSED', 'SOLVED')),
      changed_at timestamptz not null default now(),
      -- null: written by the engine
      user_id integer
    )`.execute(db);
  await sql`create index summary_status_summary on rules.summary_status (summary_id, changed_at)`.execute(db);

  // One row per opening; (rule_id, opened_ms) is the incidence's identity, so a replay opens nothing new.
  await sql`
    create table rules.incidence (
      id integer generated always as identity primary key,
      rule_id integer not null references rules.rule (id) on delete cascade,
      summary_id integer not null references rules.incidence_summary (id) on delete cascade,
      opened_ms bigint not null,
      opened_value double precision not null,
      opened_threshold double precision not null,
      closed_ms bigint,
      closed_value double precision,
      closed_threshold double precision,
      unique (rule_id, opened_ms)
    )`.execute(db);
  await sql`create unique index incidence_open on rules.incidence (rule_id) where closed_ms is null`.execute(
    db,
  );

  // Events written in the transaction that caused them and published after its commit; whoever wrote a
  // row publishes it (owner: an engine shard, or 'api' for any instance), so one rule's events keep order.
  await sql`
    create table rules.outbox (
      id bigint generated always as identity primary key,
      owner text not null,
      topic text not null,
      key text not null,
      payload jsonb not null
    )`.execute(db);
  await sql`create index outbox_owner on rules.outbox (owner, id)`.execute(db);

  // E-mails received on `notifications`, one row per notification id (never sent twice), sent with retries.
  await sql`
    create table rules.email_delivery (
      id text primary key,
      rate_key text not null,
      recipients text[] not null,
      subject text not null,
      body text not null,
      status text not null check (status in ('pending', 'sent', 'failed', 'rate-limited')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`create index email_delivery_due on rules.email_delivery (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index email_delivery_rate on rules.email_delivery (rate_key, sent_at) where status = 'sent'`.execute(
    db,
  );
}
