import { Injectable } from '@nestjs/common';
import {
  timelineFromColumns,
  type TimelineColumnsDto,
  type TimelineDataDto,
  type TimelineDataQuery,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import { RollupService } from '../rollup/rollup.service';
import { VariableRepository, type VariableRow } from '../variable/variable.repository';
import { ReadCacheService } from '../read-cache/read-cache.service';
import { readCacheKey } from '../read-cache/read-cache-key';
import { timelineGrid, type TimelineGrid } from './timeline-grid';
import { TimelineRepository, type ReducedSeries } from './timeline.repository';

// Part of the cache key: the shape of the stored value. Entries of an earlier shape (one object per point,
// before 2; now the columns' texts) then never match and leave by eviction.
const CACHED_VALUE_VERSION = 2;
const NO_POINTS: ReducedSeries = { ts: '', values: '', points: 0, total: 0 };

@Injectable()
export class TimelineService {
  constructor(
    private readonly variables: VariableRepository,
    private readonly timelines: TimelineRepository,
    private readonly rollups: RollupService,
    private readonly cache: ReadCacheService,
  ) {}

  async listVariables(): Promise<VariableMinimalDto[]> {
    const rows = await this.variables.findAllOrderedByName();
    return rows.map(toMinimal);
  }

  /**
   * Each variable as at most four points (first, min, max, last) per column of the grid (see
   * timelineGrid): the line through them draws the same pixels as the line through every stored point.
   * `sampled` says whether points were left out. The spec's shape: one object per point, epoch seconds.
   */
  async timeline(request: TimelineDataQuery): Promise<TimelineDataDto> {
    return timelineFromColumns(await this.timelineColumns(request));
  }

  /** The same answer as `timeline`, each variable's points as two columns (epoch ms and values). */
  async timelineColumns(query: TimelineDataQuery): Promise<TimelineColumnsDto> {
    return JSON.parse(await this.timelineColumnsJson(query)) as TimelineColumnsDto;
  }

  /**
   * `timelineColumns` as JSON text, built around the columns' texts as the database wrote them: no point
   * is parsed or serialised on the way (the hot path of the web's requests).
   */
  async timelineColumnsJson({ variableIds, startDate, endDate, width }: TimelineDataQuery): Promise<string> {
    const rows = await this.variables.findByIds(variableIds);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Unknown ids are left out rather than failing the whole chart; the client sees which ones came back.
    const requested = variableIds.map((id) => byId.get(id)).filter((row): row is VariableRow => !!row);
    const ids = requested.map((variable) => variable.id);
    const grid = timelineGrid(startDate, endDate, width);
    const reduced = ids.length > 0 ? await this.reduced(ids, grid) : new Map<number, ReducedSeries>();
    const variables = requested.map((variable) => {
      const { ts, values, points, total } = reduced.get(variable.id) ?? NO_POINTS;
      const metadata = { id: variable.id, label: variable.name, unit: variable.unit };
      return (
        `{"metadata":${JSON.stringify(metadata)},"ts":[${ts}],"values":[${values}],` +
        `"sampled":${points < total},"resolutionS":${JSON.stringify(grid.resolutionS)},` +
        `"gridStartMs":${JSON.stringify(grid.startMs)},"bucketMs":${JSON.stringify(grid.columnMs)}}`
      );
    });
    return `{"startDate":${startDate},"endDate":${endDate},"variables":[${variables.join(',')}]}`;
  }

  // The points only: names and units come fresh from the catalogue on every request. The grid reads
  // [startMs, endMs) (the whole columns around the range); the cache counts both ends, to be safe.
  private async reduced(ids: number[], grid: TimelineGrid): Promise<Map<number, ReducedSeries>> {
    const read = {
      key: readCacheKey('timeline-data', {
        variableIds: ids,
        gridStartMs: grid.startMs,
        gridEndMs: grid.endMs,
        columns: grid.columns,
        resolutionS: grid.resolutionS ?? 0,
        valueVersion: CACHED_VALUE_VERSION,
      }),
      variableIds: ids,
      fromMs: grid.startMs,
      toMs: grid.endMs,
    };
    const series = await this.cache.getOrCompute(read, async () => {
      if (grid.resolutionS !== null) await this.rollups.ensureCurrent(ids, grid.startMs, grid.endMs);
      return [...(await this.timelines.reduce(ids, grid))];
    });
    return new Map(series);
  }
}

function toMinimal(row: VariableRow): VariableMinimalDto {
  return {
    id: row.id,
    label: row.name,
    unit: row.unit,
    categoryId: row.categoryId,
    clientReference: row.clientReference,
  };
}
