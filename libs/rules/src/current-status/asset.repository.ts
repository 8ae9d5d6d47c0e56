import { BadRequestException, Injectable } from '@nestjs/common';
import type { AssetPlacement } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { layoutProblem, type NamedAsset } from './asset-layout';

export interface AssetRow {
  id: number;
  name: string;
  label: string | null;
  parentId: number | null;
  lat: number | null;
  lng: number | null;
}

// The assets of the current-status map (rules.asset): made when a rule names one, placed by a layout.
@Injectable()
export class AssetRepository {
  constructor(private readonly database: Database) {}

  list(): Promise<AssetRow[]> {
    return this.database.withConnection((connection) =>
      connection.query<AssetRow>(
        `select id, name, label, parent_id as "parentId", lat, lng from rules.asset order by name, id`,
      ),
    );
  }

  /** Creates the assets the layout names and sets their parents and positions, all or nothing. */
  place(layout: AssetPlacement[]): Promise<void> {
    return this.database.transaction(async (connection) => {
      // Two layouts at once must not each pass the cycle check and together make a loop.
      await connection.query(`lock table rules.asset in share row exclusive mode`);
      const existing = await connection.query<NamedAsset>(
        `select a.name, p.name as parent from rules.asset a left join rules.asset p on p.id = a.parent_id`,
      );
      const problem = layoutProblem(existing, layout);
      if (problem) throw new BadRequestException(problem);
      const column = <K extends keyof AssetPlacement>(key: K) => layout.map((asset) => asset[key]);
      await connection.query(
        `insert into rules.asset (name) select unnest($1::text[]) on conflict (name) do nothing`,
        [column('name')],
      );
      await connection.query(
        `update rules.asset a
            set parent_id = p.id, lat = l.lat, lng = l.lng,
                label = case when l.keeps_label then a.label else l.label end
           from unnest($1::text[], $2::text[], $3::float8[], $4::float8[], $5::text[], $6::boolean[])
                  as l (name, parent, lat, lng, label, keeps_label)
           left join rules.asset p on p.name = l.parent
          where a.name = l.name`,
        [
          column('name'),
          column('parent'),
          column('lat'),
          column('lng'),
          layout.map((asset) => asset.label ?? null),
          layout.map((asset) => asset.label === undefined),
        ],
      );
    });
  }
}
