import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';

// Folds the day counts the checkpoints appended (rules.rule_day_pending) into rules.rule_day in one
// statement; counts of rules deleted meanwhile are dropped. Concurrent folds never count a row twice:
// the delete takes each pending row once.
@Injectable()
export class DayCountRepository {
  constructor(private readonly database: Database) {}

  async fold(): Promise<void> {
    await this.database.withConnection((connection) =>
      connection.query(
        `with taken as (delete from rules.rule_day_pending returning *),
           counts as (
             select c.rule_id, c.day, sum(c.evaluations) as evaluations, sum(c.activations) as activations
             from taken, unnest(taken.rule_ids, taken.days, taken.evaluations, taken.activations)
               as c(rule_id, day, evaluations, activations)
             group by c.rule_id, c.day)
         insert into rules.rule_day (rule_id, day, evaluations, activations)
         select counts.rule_id, date '1970-01-01' + counts.day, counts.evaluations, counts.activations
         from counts join rules.rule r on r.id = counts.rule_id
         on conflict (rule_id, day) do update set
           evaluations = rules.rule_day.evaluations + excluded.evaluations,
           activations = rules.rule_day.activations + excluded.activations`,
      ),
    );
  }
}
