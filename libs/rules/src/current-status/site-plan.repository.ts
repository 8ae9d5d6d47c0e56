import { Injectable } from '@nestjs/common';
import type { SitePlanCorners, SitePlanDto, SitePlanImageType } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';

export interface SitePlanImage {
  image: Uint8Array;
  contentType: SitePlanImageType;
  version: string;
}

const DESCRIPTION = `content_type as "contentType", octet_length(image) as bytes, version,
  top_left_lat as "topLeftLat", top_left_lng as "topLeftLng",
  bottom_right_lat as "bottomRightLat", bottom_right_lng as "bottomRightLng", updated_at as "updatedAt"`;

interface DescriptionRow extends SitePlanCorners {
  contentType: SitePlanImageType;
  bytes: number;
  version: string;
  updatedAt: Date;
}

const toDto = ({ contentType, bytes, version, updatedAt, ...corners }: DescriptionRow): SitePlanDto => ({
  contentType,
  bytes: Number(bytes),
  version,
  corners,
  updatedAt: new Date(updatedAt).toISOString(),
});

// The plant background of the current-status map (rules.site_plan): one image and its two corners.
@Injectable()
export class SitePlanRepository {
  constructor(private readonly database: Database) {}

  async describe(): Promise<SitePlanDto | null> {
    const [row] = await this.database.withConnection((connection) =>
      connection.query<DescriptionRow>(`select ${DESCRIPTION} from rules.site_plan`),
    );
    return row ? toDto(row) : null;
  }

  async image(): Promise<SitePlanImage | undefined> {
    const [row] = await this.database.withConnection((connection) =>
      connection.query<SitePlanImage>(
        `select image, content_type as "contentType", version from rules.site_plan`,
      ),
    );
    return row;
  }

  /** Replaces the plan: image and corners. */
  async store(image: SitePlanImage, corners: SitePlanCorners): Promise<SitePlanDto> {
    const [row] = await this.database.withConnection((connection) =>
      connection.query<DescriptionRow>(
        `insert into rules.site_plan
           (image, content_type, version, top_left_lat, top_left_lng, bottom_right_lat, bottom_right_lng)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (singleton) do update
           set image = excluded.image, content_type = excluded.content_type, version = excluded.version,
               top_left_lat = excluded.top_left_lat, top_left_lng = excluded.top_left_lng,
               bottom_right_lat = excluded.bottom_right_lat, bottom_right_lng = excluded.bottom_right_lng,
               updated_at = now()
         returning ${DESCRIPTION}`,
        [
          image.image,
          image.contentType,
          image.version,
          corners.topLeftLat,
          corners.topLeftLng,
          corners.bottomRightLat,
          corners.bottomRightLng,
        ],
      ),
    );
    return toDto(row as DescriptionRow);
  }

  /** Moves the stored plan; undefined when there is none. */
  async place(corners: SitePlanCorners): Promise<SitePlanDto | undefined> {
    const [row] = await this.database.withConnection((connection) =>
      connection.query<DescriptionRow>(
        `update rules.site_plan
            set top_left_lat = $1, top_left_lng = $2, bottom_right_lat = $3, bottom_right_lng = $4,
                updated_at = now()
          returning ${DESCRIPTION}`,
        [corners.topLeftLat, corners.topLeftLng, corners.bottomRightLat, corners.bottomRightLng],
      ),
    );
    return row ? toDto(row) : undefined;
  }

  async remove(): Promise<void> {
    await this.database.withConnection((connection) => connection.query(`delete from rules.site_plan`));
  }
}
