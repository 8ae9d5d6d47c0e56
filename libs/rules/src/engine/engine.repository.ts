import { Injectable } from '@nestjs/common';
import type { IncidenceEvent, RuleOperator } from '@plantlens/contracts';
import { Database, type DatabaseConnection } from '@plantlens/platform';
import type { EngineCheckpoint, EngineRule, IncidenceTransition, VariableWatermark } from './rule-engine';

// A rule as the engine holds it: the condition, and what its events and e-mails tell.
export interface RuleDefinition extends EngineRule {
  name: string;
  emails: string[];
  varOneLabel: string;
  varOneReference: string;
  varOneUnit: string | null;
  varTwoLabel: string | null;
  varTwoReference: string | null;
  createdAt: number;
}

export interface LoadedRule {
  rule: RuleDefinition;
  conditionSince: number | null;
  /** opening instant of the rule's open incidence */
  openedAt: number | null;
}

export interface OutboxMessage {
  topic: string;
  key: string;
  payload: unknown;
}

/** Composes the messages an opening or closing sends; the e-mail is only for openings. */
export type TransitionMessages = (
  transition: IncidenceTransition<RuleDefinition>,
  event: IncidenceEvent,
) => OutboxMessage[];

const RULE_COLUMNS = `
  r.id, r.name, r.operator, r.var_one_id, r.var_two_id, r.constant, r.min_duration_s, r.deadband,
  r.emails, r.var_one_label, r.var_one_reference, r.var_one_unit, r.var_two_label, r.var_two_reference,
  (extract(epoch from r.created_at) * 1000)::float8 as created_ms,
  s.condition_since_ms::float8 as condition_since_ms,
  (select i.opened_ms::float8 from rules.incidence i where i.rule_id = r.id and i.closed_ms is null) as opened_ms`;

interface LoadedRuleRow {
  id: number;
  name: string;
  operator: RuleOperator;
  var_one_id: number;
  var_two_id: number | null;
  constant: number | null;
  min_duration_s: number;
  deadband: number;
  emails: string[];
  var_one_label: string;
  var_one_reference: string;
  var_one_unit: string | null;
  var_two_label: string | null;
  var_two_reference: string | null;
  created_ms: number;
  condition_since_ms: number | null;
  opened_ms: number | null;
}

// The engine's durable state: what it rebuilds from on start, and the checkpoints it writes. Plain SQL
// on one connection, with arrays unnested so a checkpoint of thousands of rules is a few statements.
@Injectable()
export class EngineRepository {
  constructor(private readonly database: Database) {}

  /** The enabled rules of one shard, with their saved state. */
  async loadShard(shards: number, shard: number): Promise<LoadedRule[]> {
    const rows = await this.database.withConnection((connection) =>
      connection.query<LoadedRuleRow>(
        `select ${RULE_COLUMNS} from rules.rule r left join rules.rule_state s on s.rule_id = r.id
         where r.enabled and r.id % $1 = $2`,
        [shards, shard],
      ),
    );
    return rows.map(toLoadedRule);
  }

  /** One rule with its saved state; undefined when deleted or disabled. */
  async loadRule(ruleId: number): Promise<LoadedRule | undefined> {
    const [row] = await this.database.withConnection((connection) =>
      connection.query<LoadedRuleRow>(
        `select ${RULE_COLUMNS} from rules.rule r left join rules.rule_state s on s.rule_id = r.id
         where r.enabled and r.id = $1`,
        [ruleId],
      ),
    );
    return row ? toLoadedRule(row) : undefined;
  }

  async watermarks(variableIds: number[]): Promise<VariableWatermark[]> {
    if (variableIds.length === 0) return [];
    const rows = await this.database.withConnection((connection) =>
      connection.query<{ variable_id: number; ts_ms: number; value: number | null }>(
        `select variable_id, ts_ms::float8 as ts_ms, value from rules.variable_watermark
         where variable_id = any($1::int[])`,
        [variableIds],
      ),
    );
    return rows.map((row) => ({ variableId: row.variable_id, ts: row.ts_ms, value: row.value }));
  }

  /**
   * Makes a checkpoint durable in one transaction, with the events it causes in the outbox; returns how
   * many it wrote. States of rules deleted meanwhile are dropped (their counts when folded).
   */
  write(
    checkpoint: EngineCheckpoint<RuleDefinition>,
    owner: string,
    messagesOf: TransitionMessages,
  ): Promise<number> {
    return this.database.transaction(async (connection) => {
      await this.writeWatermarks(connection, checkpoint.watermarks);
      await this.writeCounts(connection, checkpoint);
      await this.writeRuleStates(connection, checkpoint);
      const messages: OutboxMessage[] = [];
      for (const round of rounds(checkpoint.transitions)) {
        const closings = round.filter((t) => t.type === 'closed');
        const openings = round.filter((t) => t.type === 'opened');
        const events = new Map<IncidenceTransition<RuleDefinition>, IncidenceEvent>([
          ...(await this.close(connection, closings)),
          ...(await this.open(connection, openings)),
        ]);
        for (const transition of round) {
          const event = events.get(transition);
          if (event) messages.push(...messagesOf(transition, event));
        }
      }
      if (messages.length > 0) {
        await connection.query(
          `insert into rules.outbox (owner, topic, key, payload)
           select $1, t, k, p from unnest($2::text[], $3::text[], $4::jsonb[]) with ordinality as m(t, k, p, n)
           order by n`,
          [
            owner,
            messages.map((m) => m.topic),
            messages.map((m) => m.key),
            messages.map((m) => JSON.stringify(m.payload)),
          ],
        );
      }
      return messages.length;
    });
  }

  private async writeWatermarks(connection: DatabaseConnection, watermarks: VariableWatermark[]) {
    if (watermarks.length === 0) return;
    await connection.query(
      `insert into rules.variable_watermark (variable_id, ts_ms, value)
       select * from unnest($1::int[], $2::bigint[], $3::float8[])
       on conflict (variable_id) do update set ts_ms = excluded.ts_ms, value = excluded.value
       where excluded.ts_ms > rules.variable_watermark.ts_ms`,
      [watermarks.map((w) => w.variableId), watermarks.map((w) => w.ts), watermarks.map((w) => w.value)],
    );
  }

  private async writeCounts(connection: DatabaseConnection, { counts }: EngineCheckpoint) {
    if (counts.length === 0) return;
    await connection.query(
      `insert into rules.rule_day_pending (rule_ids, days, evaluations, activations) values ($1, $2, $3, $4)`,
      [
        counts.map((c) => c.ruleId),
        counts.map((c) => c.day),
        counts.map((c) => c.evaluations),
        counts.map((c) => c.activations),
      ],
    );
  }

  private async writeRuleStates(connection: DatabaseConnection, { ruleStates }: EngineCheckpoint) {
    if (ruleStates.length === 0) return;
    await connection.query(
      `insert into rules.rule_state (rule_id, condition_since_ms)
       select s.rule_id, s.since from unnest($1::int[], $2::bigint[]) as s(rule_id, since)
       join rules.rule r on r.id = s.rule_id
       on conflict (rule_id) do update set condition_since_ms = excluded.condition_since_ms`,
      [ruleStates.map((s) => s.ruleId), ruleStates.map((s) => s.conditionSince)],
    );
  }

  // Openings join their rule's unresolved summary, or start one (status NEW, by nobody). A replayed
  // opening — same rule and instant — finds its row and changes nothing. Set-based: a few statements
  // for any number of openings (at most one per rule: see rounds()).
  private async open(
    connection: DatabaseConnection,
    openings: IncidenceTransition<RuleDefinition>[],
  ): Promise<[IncidenceTransition<RuleDefinition>, IncidenceEvent][]> {
    if (openings.length === 0) return [];
    const fresh = await connection.query<{ rule_id: number }>(
      `select c.rule_id from unnest($1::int[], $2::bigint[]) as c(rule_id, opened_ms)
       join rules.rule r on r.id = c.rule_id
       where not exists (select 1 from rules.incidence i where i.rule_id = c.rule_id and i.opened_ms = c.opened_ms)`,
      [openings.map((t) => t.rule.id), openings.map((t) => t.openedAt)],
    );
    const freshRules = new Set(fresh.map((row) => row.rule_id));
    const news = openings.filter((t) => freshRules.has(t.rule.id));
    if (news.length === 0) return [];
    const summaries = await connection.query<{ id: number; rule_id: number; created: boolean }>(
      `insert into rules.incidence_summary (rule_id, first_activation, last_activation, openings)
       select c.rule_id, to_timestamp(c.opened_ms / 1000.0), to_timestamp(c.opened_ms / 1000.0), 1
       from unnest($1::int[], $2::float8[]) as c(rule_id, opened_ms)
       on conflict (rule_id) where resolved_at is null do update set
         openings = rules.incidence_summary.openings + 1,
         last_activation = greatest(rules.incidence_summary.last_activation, excluded.last_activation)
       returning id, rule_id, (xmax = 0) as created`,
      [news.map((t) => t.rule.id), news.map((t) => t.openedAt)],
    );
    const created = summaries.filter((summary) => summary.created).map((summary) => summary.id);
    if (created.length > 0) {
      await connection.query(
        `insert into rules.summary_status (summary_id, status, user_id) select unnest($1::int[]), 'NEW', null`,
        [created],
      );
    }
    const summaryOf = new Map(summaries.map((summary) => [summary.rule_id, summary.id]));
    const incidences = await connection.query<{ id: number; rule_id: number }>(
      `insert into rules.incidence (rule_id, summary_id, opened_ms, opened_value, opened_threshold)
       select * from unnest($1::int[], $2::int[], $3::bigint[], $4::float8[], $5::float8[])
       returning id, rule_id`,
      [
        news.map((t) => t.rule.id),
        news.map((t) => summaryOf.get(t.rule.id)),
        news.map((t) => t.openedAt),
        news.map((t) => t.value),
        news.map((t) => t.threshold),
      ],
    );
    const incidenceOf = new Map(incidences.map((row) => [row.rule_id, row.id]));
    return news.map((t) => [
      t,
      eventOf(t, incidenceOf.get(t.rule.id) as number, summaryOf.get(t.rule.id) as number),
    ]);
  }

  private async close(
    connection: DatabaseConnection,
    closings: IncidenceTransition<RuleDefinition>[],
  ): Promise<[IncidenceTransition<RuleDefinition>, IncidenceEvent][]> {
    if (closings.length === 0) return [];
    const closed = await connection.query<{ id: number; summary_id: number; rule_id: number }>(
      `update rules.incidence i set closed_ms = c.closed_ms, closed_value = c.value, closed_threshold = c.threshold
       from unnest($1::int[], $2::bigint[], $3::bigint[], $4::float8[], $5::float8[])
         as c(rule_id, opened_ms, closed_ms, value, threshold)
       where i.rule_id = c.rule_id and i.opened_ms = c.opened_ms and i.closed_ms is null
       returning i.id, i.summary_id, i.rule_id`,
      [
        closings.map((t) => t.rule.id),
        closings.map((t) => t.openedAt),
        closings.map((t) => t.closedAt),
        closings.map((t) => finiteOrNull(t.value)),
        closings.map((t) => finiteOrNull(t.threshold)),
      ],
    );
    const byRule = new Map(closed.map((row) => [row.rule_id, row]));
    return closings.flatMap((t) => {
      const row = byRule.get(t.rule.id);
      return row
        ? [[t, eventOf(t, row.id, row.summary_id)] as [IncidenceTransition<RuleDefinition>, IncidenceEvent]]
        : [];
    });
  }
}

// Transitions in rounds: round n holds each rule's n-th transition of the checkpoint, so a round has at
// most one per rule, and a rule's transitions keep their order across rounds.
function rounds<T extends { rule: { id: number } }>(transitions: T[]): T[][] {
  const result: T[][] = [];
  const seen = new Map<number, number>();
  for (const transition of transitions) {
    const index = seen.get(transition.rule.id) ?? 0;
    seen.set(transition.rule.id, index + 1);
    (result[index] ??= []).push(transition);
  }
  return result;
}

function eventOf(
  transition: IncidenceTransition<RuleDefinition>,
  incidenceId: number,
  summaryId: number,
): IncidenceEvent {
  const { rule } = transition;
  return {
    type: transition.type,
    incidenceId,
    summaryId,
    ruleId: rule.id,
    ruleName: rule.name,
    operator: rule.operator,
    variableIds: rule.varTwoId === null ? [rule.varOneId] : [rule.varOneId, rule.varTwoId],
    openedAt: transition.openedAt,
    closedAt: transition.closedAt,
    at: transition.at,
    value: transition.value,
    threshold: transition.threshold,
  };
}

// A rule disabled before its second input ever had a value closes without one.
function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function toLoadedRule(row: LoadedRuleRow): LoadedRule {
  return {
    rule: {
      id: row.id,
      name: row.name,
      operator: row.operator,
      varOneId: row.var_one_id,
      varTwoId: row.var_two_id,
      constant: row.constant,
      minDurationSeconds: row.min_duration_s,
      deadband: row.deadband,
      emails: row.emails,
      varOneLabel: row.var_one_label,
      varOneReference: row.var_one_reference,
      varOneUnit: row.var_one_unit,
      varTwoLabel: row.var_two_label,
      varTwoReference: row.var_two_reference,
      createdAt: row.created_ms,
    },
    conditionSince: row.condition_since_ms,
    openedAt: row.opened_ms,
  };
}
