import { Injectable } from '@nestjs/common';
import type { RawPointsPageDto, RawPointsQuery } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';

// One page of a variable's stored points over [from, to], strictly after `after` when given: an index
// range scan on (variable_id, ts). One row more than the page says whether another page follows.
const RAW_POINTS_PAGE = `
  select round(date_part('epoch', ts) * 1000)::float8 as ts, value
  from variables.measurement
  where variable_id = $1::int4
    and ts >= to_timestamp($2::float8 / 1000) and ts <= to_timestamp($3::float8 / 1000)
    and ($4::float8 is null or ts > to_timestamp($4::float8 / 1000))
  order by ts
  limit $5::int8 + 1`;

@Injectable()
export class RawPointsRepository {
  constructor(private readonly database: Database) {}

  async page({ variableId, from, to, after, limit }: RawPointsQuery): Promise<RawPointsPageDto> {
    const rows = await this.database.withConnection((connection) =>
      connection.query<{ ts: number; value: number }>(RAW_POINTS_PAGE, [
        variableId,
        from,
        to,
        after ?? null,
        limit,
      ]),
    );
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    return {
      variableId,
      ts: page.map((row) => row.ts),
      values: page.map((row) => row.value),
      nextAfter: more ? (page[page.length - 1]?.ts ?? null) : null,
    };
  }
}
