import { Injectable } from '@nestjs/common';
import type { AssetAlarmSourceDto, IncidenceStatus, RuleOperator } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';

export interface SummaryRow {
  id: number;
  ruleId: number;
  ruleName: string;
  enabled: boolean;
  operator: RuleOperator;
  /** null, as the labels, for an asset-alarm source */
  varOneId: number | null;
  varTwoId: number | null;
  constant: number | null;
  varOneLabel: string | null;
  varOneReference: string | null;
  varTwoLabel: string | null;
  varTwoReference: string | null;
  assetId: number | null;
  source: AssetAlarmSourceDto | null;
  firstActivation: number;
  lastActivation: number;
  openings: number;
  resolved: boolean;
  status: IncidenceStatus;
  /** activations / evaluations over the summary's UTC days, 0 without evaluations */
  gravity: number;
  open: boolean;
}

export interface SummaryFilter {
  resolved: boolean;
  tags: string[];
  text?: string;
  /** summaries whose first-to-last activation meets [from, to] (epoch ms) */
  range?: { from: number; to: number };
}

export interface StatusRow {
  summaryId: number;
  status: IncidenceStatus;
  changedAt: number;
  userId: number | null;
}

export interface DayRow {
  ruleId: number;
  /** YYYY-MM-DD (UTC) */
  day: string;
  evaluations: number;
  activations: number;
}

const UTC_DAY = (column: string) => `(${column} at time zone 'UTC')::date`;

@Injectable()
export class IncidenceRepository {
  constructor(private readonly database: Database) {}

  private query<R>(text: string, values: unknown[] = []): Promise<R[]> {
    return this.database.withConnection((connection) => connection.query<R>(text, values));
  }

  summaries(filter: SummaryFilter): Promise<SummaryRow[]> {
    return this.query<SummaryRow>(
      `select s.id, s.rule_id as "ruleId", r.name as "ruleName", r.enabled, r.operator,
         r.var_one_id as "varOneId", r.var_two_id as "varTwoId", r.constant,
         r.var_one_label as "varOneLabel", r.var_one_reference as "varOneReference",
         r.var_two_label as "varTwoLabel", r.var_two_reference as "varTwoReference", r.asset_id as "assetId",
         case when r.source_asset is null then null
           else jsonb_build_object('asset', r.source_asset, 'errorCode', r.source_error_code) end as source,
         (extract(epoch from s.first_activation) * 1000)::float8 as "firstActivation",
         (extract(epoch from s.last_activation) * 1000)::float8 as "lastActivation",
         s.openings, s.resolved_at is not null as resolved,
         (select st.status from rules.summary_status st where st.summary_id = s.id
          order by st.changed_at desc, st.id desc limit 1) as status,
         coalesce((select sum(d.activations)::float8 / nullif(sum(d.evaluations), 0)::float8
                   from rules.rule_day d where d.rule_id = s.rule_id
                   and d.day between ${UTC_DAY('s.first_activation')} and ${UTC_DAY('coalesce(s.resolved_at, now())')}),
                  0) as gravity,
         exists (select 1 from rules.incidence i where i.summary_id = s.id and i.closed_ms is null) as open
       from rules.incidence_summary s join rules.rule r on r.id = s.rule_id
       where (s.resolved_at is not null) = $1
         and (cardinality($2::text[]) = 0 or r.tags && $2::text[])
         and ($3::text is null or position(lower($3::text) in lower(r.name)) > 0)
         and ($4::float8 is null or s.last_activation >= to_timestamp($4::float8 / 1000))
         and ($5::float8 is null or s.first_activation <= to_timestamp($5::float8 / 1000))`,
      [
        filter.resolved,
        filter.tags,
        filter.text ?? null,
        filter.range?.from ?? null,
        filter.range?.to ?? null,
      ],
    );
  }

  async summary(id: number): Promise<{ id: number; ruleId: number; resolved: boolean } | undefined> {
    const [row] = await this.query<{ id: number; ruleId: number; resolved: boolean }>(
      `select id, rule_id as "ruleId", resolved_at is not null as resolved from rules.incidence_summary where id = $1`,
      [id],
    );
    return row;
  }

  statusHistory(summaryIds: number[]): Promise<StatusRow[]> {
    if (summaryIds.length === 0) return Promise.resolve([]);
    return this.query<StatusRow>(
      `select summary_id as "summaryId", status, (extract(epoch from changed_at) * 1000)::float8 as "changedAt",
         user_id as "userId"
       from rules.summary_status where summary_id = any($1::int[]) order by changed_at, id`,
      [summaryIds],
    );
  }

  /** Day counts of the rules from `fromDay` (YYYY-MM-DD) on. */
  days(ruleIds: number[], fromDay: string): Promise<DayRow[]> {
    if (ruleIds.length === 0) return Promise.resolve([]);
    return this.query<DayRow>(
      `select rule_id as "ruleId", to_char(day, 'YYYY-MM-DD') as day, evaluations::float8 as evaluations,
         activations::float8 as activations
       from rules.rule_day where rule_id = any($1::int[]) and day >= $2::date`,
      [ruleIds, fromDay],
    );
  }

  async addStatus(summaryId: number, status: IncidenceStatus, userId: number): Promise<void> {
    await this.query(`insert into rules.summary_status (summary_id, status, user_id) values ($1, $2, $3)`, [
      summaryId,
      status,
      userId,
    ]);
  }

  /** Resolves an unresolved summary (status SOLVED); false if it already was. */
  resolve(summaryId: number, userId: number): Promise<boolean> {
    return this.database.transaction(async (connection) => {
      const [row] = await connection.query(
        `update rules.incidence_summary set resolved_at = now() where id = $1 and resolved_at is null returning id`,
        [summaryId],
      );
      if (!row) return false;
      await connection.query(
        `insert into rules.summary_status (summary_id, status, user_id) values ($1, 'SOLVED', $2)`,
        [summaryId, userId],
      );
      return true;
    });
  }
}
