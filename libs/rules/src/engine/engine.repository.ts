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
   * many it wrote. Counts and states of rules deleted meanwhile are dropped.
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
      for (const transition of checkpoint.transitions) {
        const event =
          transition.type === 'opened'
            ? await this.open(connection, transition)
            : await this.close(connection, transition);
        if (event) messages.push(...messagesOf(transition, event));
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
      `insert into rules.rule_day (rule_id, day, evaluations, activations)
       select c.rule_id, date '1970-01-01' + c.day, c.evaluations, c.activations
       from unnest($1::int[], $2::int[], $3::bigint[], $4::bigint[]) as c(rule_id, day, evaluations, activations)
       join rules.rule r on r.id = c.rule_id
       on conflict (rule_id, day) do update set
         evaluations = rules.rule_day.evaluations + excluded.evaluations,
         activations = rules.rule_day.activations + excluded.activations`,
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

  // An opening joins the rule's unresolved summary, or starts one (status NEW, by nobody). A replayed
  // opening — same rule and instant — finds its row and changes nothing.
  private async open(
    connection: DatabaseConnection,
    transition: IncidenceTransition<RuleDefinition>,
  ): Promise<IncidenceEvent | undefined> {
    const { rule, openedAt } = transition;
    const [known] = await connection.query<{ exists: boolean }>(
      `select exists (select 1 from rules.incidence where rule_id = $1 and opened_ms = $2)
          or not exists (select 1 from rules.rule where id = $1) as exists`,
      [rule.id, openedAt],
    );
    if (known?.exists) return undefined;
    const openedAtDate = new Date(openedAt);
    let [summary] = await connection.query<{ id: number }>(
      `update rules.incidence_summary set openings = openings + 1,
         last_activation = greatest(last_activation, $2)
       where rule_id = $1 and resolved_at is null returning id`,
      [rule.id, openedAtDate],
    );
    if (!summary) {
      [summary] = await connection.query<{ id: number }>(
        `insert into rules.incidence_summary (rule_id, first_activation, last_activation, openings)
         values ($1, $2, $2, 1) returning id`,
        [rule.id, openedAtDate],
      );
      await connection.query(
        `insert into rules.summary_status (summary_id, status, changed_at, user_id) values ($1, 'NEW', now(), null)`,
        [summary.id],
      );
    }
    const [incidence] = await connection.query<{ id: number }>(
      `insert into rules.incidence (rule_id, summary_id, opened_ms, opened_value, opened_threshold)
       values ($1, $2, $3, $4, $5) returning id`,
      [rule.id, summary.id, openedAt, transition.value, transition.threshold],
    );
    return eventOf(transition, incidence.id, summary.id);
  }

  private async close(
    connection: DatabaseConnection,
    transition: IncidenceTransition<RuleDefinition>,
  ): Promise<IncidenceEvent | undefined> {
    const [incidence] = await connection.query<{ id: number; summary_id: number }>(
      `update rules.incidence set closed_ms = $3, closed_value = $4, closed_threshold = $5
       where rule_id = $1 and opened_ms = $2 and closed_ms is null returning id, summary_id`,
      [
        transition.rule.id,
        transition.openedAt,
        transition.closedAt,
        finiteOrNull(transition.value),
        finiteOrNull(transition.threshold),
      ],
    );
    return incidence ? eventOf(transition, incidence.id, incidence.summary_id) : undefined;
  }
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
