import { Injectable } from '@nestjs/common';
import type { IncidenceEvent, RuleOperator } from '@plantlens/contracts';
import { Database, numberArray, type DatabaseConnection } from '@plantlens/platform';
import type { OutboxRow } from '../outbox/outbox.service';
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

/** What an incidence event names of its rule: an engine rule, or an asset-alarm source (no variable). */
export interface IncidenceRule {
  id: number;
  name: string;
  operator: RuleOperator;
  varOneId: number | null;
  varTwoId: number | null;
}

export interface LoadedRule {
  rule: RuleDefinition;
  conditionSince: number | null;
  /** opening instant of the rule's open incidence */
  openedAt: number | null;
}

export type OutboxMessage = Omit<OutboxRow, 'id'>;

/** Composes the messages an opening or closing sends; the e-mail is only for openings. */
export type TransitionMessages<R extends IncidenceRule> = (
  transition: IncidenceTransition<R>,
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

  /** The enabled rules of one shard, with their saved state; asset-alarm sources are never evaluated. */
  async loadShard(shards: number, shard: number): Promise<LoadedRule[]> {
    const rows = await this.database.withConnection((connection) =>
      connection.query<LoadedRuleRow>(
        `select ${RULE_COLUMNS} from rules.rule r left join rules.rule_state s on s.rule_id = r.id
         where r.enabled and r.source_asset is null and r.id % $1 = $2`,
        [shards, shard],
      ),
    );
    return rows.map(toLoadedRule);
  }

  /** One rule with its saved state; undefined when deleted, disabled or an asset-alarm source. */
  /** An enabled rule as the engine loads it; with `disabledToo`, a disabled one as well. */
  async loadRule(ruleId: number, disabledToo = false): Promise<LoadedRule | undefined> {
    const [row] = await this.database.withConnection((connection) =>
      connection.query<LoadedRuleRow>(
        `select ${RULE_COLUMNS} from rules.rule r left join rules.rule_state s on s.rule_id = r.id
         where (r.enabled or $2) and r.source_asset is null and r.id = $1`,
        [ruleId, disabledToo],
      ),
    );
    return row ? toLoadedRule(row) : undefined;
  }

  /** Marks every incidence of the rule historical: those its evaluation of the stored history opened. */
  async markHistorical(ruleId: number): Promise<void> {
    await this.database.withConnection((connection) =>
      connection.query(`update rules.incidence set historical = true where rule_id = $1`, [ruleId]),
    );
  }

  /** Whether the rule has an incidence opened at that instant (an incidence's identity). */
  async hasIncidence(ruleId: number, openedAt: number): Promise<boolean> {
    const rows = await this.database.withConnection((connection) =>
      connection.query(`select 1 from rules.incidence where rule_id = $1 and opened_ms = $2`, [
        ruleId,
        openedAt,
      ]),
    );
    return rows.length > 0;
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
   * Makes a checkpoint durable, with the events it causes in the outbox, in one transaction; returns the
   * outbox rows it wrote, in order, for the outbox to publish without reading them back. Without openings
   * or closings it is a single statement. States of rules deleted meanwhile are dropped (their counts when
   * folded).
   */
  async write<R extends IncidenceRule>(
    checkpoint: EngineCheckpoint<R>,
    owner: string,
    messagesOf: TransitionMessages<R>,
  ): Promise<OutboxRow[]> {
    if (checkpoint.transitions.length === 0) {
      await this.database.withConnection((connection) => this.writeBulk(connection, checkpoint));
      return [];
    }
    return this.database.transaction(async (connection) => {
      await this.writeBulk(connection, checkpoint);
      const messages: OutboxMessage[] = [];
      for (const round of rounds(checkpoint.transitions)) {
        const closings = round.filter((t) => t.type === 'closed');
        const openings = round.filter((t) => t.type === 'opened');
        const events = new Map<IncidenceTransition<R>, IncidenceEvent>([
          ...(await this.close(connection, closings)),
          ...(await this.open(connection, openings)),
        ]);
        for (const transition of round) {
          const event = events.get(transition);
          if (event) messages.push(...messagesOf(transition, event));
        }
      }
      if (messages.length === 0) return [];
      const inserted = await connection.query<{ id: string }>(
        `insert into rules.outbox (owner, topic, key, payload)
         select $1, t, k, p from unnest($2::text[], $3::text[], $4::jsonb[]) with ordinality as m(t, k, p, n)
         order by n
         returning id::text as id`,
        [
          owner,
          messages.map((m) => m.topic),
          messages.map((m) => m.key),
          messages.map((m) => JSON.stringify(m.payload)),
        ],
      );
      // The ids follow the messages' order (inserted by n), whatever order RETURNING lists them in.
      const ids = inserted.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return messages.map((message, index) => ({ id: String(ids[index]), ...message }));
    });
  }

  private async writeBulk<R extends IncidenceRule>(
    connection: DatabaseConnection,
    checkpoint: EngineCheckpoint<R>,
  ) {
    const { watermarks, counts, ruleStates } = checkpoint;
    // Array literals built here: node-postgres would quote and escape each of these many numbers.
    await connection.query(`select rules.write_checkpoint($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
      numberArray(watermarks.map((w) => w.variableId)),
      numberArray(watermarks.map((w) => w.ts)),
      numberArray(watermarks.map((w) => w.value)),
      numberArray(counts.map((c) => c.ruleId)),
      numberArray(counts.map((c) => c.day)),
      numberArray(counts.map((c) => c.evaluations)),
      numberArray(counts.map((c) => c.activations)),
      numberArray(ruleStates.map((s) => s.ruleId)),
      numberArray(ruleStates.map((s) => s.conditionSince)),
    ]);
  }

  // Openings join their rule's unresolved summary, or start one (status NEW, by nobody). A replayed
  // opening — same rule and instant — finds its row and changes nothing. Set-based: a few statements
  // for any number of openings (at most one per rule: see rounds()).
  private async open<R extends IncidenceRule>(
    connection: DatabaseConnection,
    openings: IncidenceTransition<R>[],
  ): Promise<[IncidenceTransition<R>, IncidenceEvent][]> {
    if (openings.length === 0) return [];
    const rows = await connection.query<{ id: number; rule_id: number; summary_id: number }>(
      `with opening as (
         select c.* from unnest($1::int[], $2::bigint[], $3::float8[], $4::float8[])
           as c(rule_id, opened_ms, value, threshold)
         join rules.rule r on r.id = c.rule_id
         where not exists (select 1 from rules.incidence i where i.rule_id = c.rule_id and i.opened_ms = c.opened_ms)),
       summary as (
         insert into rules.incidence_summary (rule_id, first_activation, last_activation, openings)
         select rule_id, to_timestamp(opened_ms / 1000.0), to_timestamp(opened_ms / 1000.0), 1 from opening
         on conflict (rule_id) where resolved_at is null do update set
           openings = rules.incidence_summary.openings + 1,
           last_activation = greatest(rules.incidence_summary.last_activation, excluded.last_activation)
         returning id, rule_id, (xmax = 0) as created),
       status as (
         insert into rules.summary_status (summary_id, status, user_id)
         select id, 'NEW', null from summary where created)
       insert into rules.incidence (rule_id, summary_id, opened_ms, opened_value, opened_threshold)
       select o.rule_id, s.id, o.opened_ms, o.value, o.threshold from opening o join summary s using (rule_id)
       returning id, rule_id, summary_id`,
      [
        openings.map((t) => t.rule.id),
        openings.map((t) => t.openedAt),
        openings.map((t) => t.value),
        openings.map((t) => t.threshold),
      ],
    );
    const byRule = new Map(rows.map((row) => [row.rule_id, row]));
    return openings.flatMap((t) => {
      const row = byRule.get(t.rule.id);
      return row ? [[t, eventOf(t, row.id, row.summary_id)] as [IncidenceTransition<R>, IncidenceEvent]] : [];
    });
  }

  private async close<R extends IncidenceRule>(
    connection: DatabaseConnection,
    closings: IncidenceTransition<R>[],
  ): Promise<[IncidenceTransition<R>, IncidenceEvent][]> {
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
      return row ? [[t, eventOf(t, row.id, row.summary_id)] as [IncidenceTransition<R>, IncidenceEvent]] : [];
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
  transition: IncidenceTransition<IncidenceRule>,
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
    variableIds: [rule.varOneId, rule.varTwoId].filter((id) => id !== null),
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
