import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  MAX_CORRELATION_PAIR_OPTIONS,
  type CorrelationColumnsDto,
  type CorrelationDataQuery,
  type CorrelationPairOptionDto,
  type MultipleCorrelationPairsQuery,
} from '@plantlens/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { ReadCacheService } from '../read-cache/read-cache.service';
import { readCacheKey } from '../read-cache/read-cache-key';
import { TagService } from '../tag/tag.service';
import { VariableRepository, type VariableRow } from '../variable/variable.repository';
import { planBuckets } from './bucket-plan';
import { alignAsOf, type AlignedColumns } from './series-merge';
import { CorrelationRepository } from './correlation.repository';

// How X, Y and Z are put side by side (docs/architecture.md "Correlation alignment"):
// - X has at most CORRELATION_MAX_POINTS points in the range: each X point is paired with the as-of value
//   of Y (and Z), their latest point at or before it and at most CORRELATION_ASOF_MAX_AGE_SECONDS older;
//   an X point without such a Y or Z value is dropped. Not sampled.
// - X has more: the range is cut into equal, epoch-aligned time buckets (planBuckets), each variable is
//   averaged per bucket, and the buckets where every variable has data are paired. Sampled.
//
// The as-of pairing reads each series once, in time order, and merges them in one pass (series-merge.ts).
// A Y or Z more than DENSE_FACTOR times denser than X would be read mostly for nothing: its as-of points are
// then looked up per X point instead (an index probe costs about as much as reading that many points).
const DENSE_FACTOR = 8;

export type CorrelationPointColumnsDto = Omit<CorrelationColumnsDto, 'categorySets'>;

@Injectable()
export class CorrelationService {
  constructor(
    private readonly variables: VariableRepository,
    private readonly series: CorrelationRepository,
    private readonly tags: TagService,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly cache: ReadCacheService,
  ) {}

  /**
   * The aligned points by column, as they are computed (no object per point); the category sets are added
   * apart (CategoryService.categorySetsOf).
   */
  async correlationColumns(query: CorrelationDataQuery): Promise<CorrelationPointColumnsDto> {
    const variables = await this.requireVariables(query.variableIds);
    const { sampled, aligned } = await this.alignedPoints(query);
    return {
      ts: aligned.ts,
      variables: variables.map((variable, index) => ({
        metadata: { id: variable.id, label: variable.name, unit: variable.unit },
        values: aligned.values[index],
        sampled,
      })),
    };
  }

  // The points only, cached when the range is settled (names and units come fresh from the catalogue). The
  // range read: the buckets around [startDate, endDate) when sampled, and Y and Z up to the as-of age
  // before it when paired.
  private alignedPoints(query: CorrelationDataQuery): Promise<{ sampled: boolean; aligned: AlignedColumns }> {
    const maxPoints = this.config.CORRELATION_MAX_POINTS;
    const maxAgeS = this.config.CORRELATION_ASOF_MAX_AGE_SECONDS;
    const buckets = planBuckets(query.startDate, query.endDate, maxPoints);
    const read = {
      key: readCacheKey('correlation-data', {
        variableIds: query.variableIds,
        startDate: query.startDate,
        endDate: query.endDate,
        maxPoints,
        maxAgeS,
      }),
      variableIds: query.variableIds,
      fromMs: buckets.fromMs - maxAgeS * 1000,
      toMs: buckets.toMs,
    };
    return this.cache.getOrCompute(read, async () => {
      const [xId] = query.variableIds as [number, ...number[]];
      const xCount = await this.series.countUpTo(xId, query.startDate, query.endDate, maxPoints + 1);
      const sampled = xCount > maxPoints;
      const aligned = sampled
        ? await this.series.bucketMeans(query.variableIds, buckets)
        : await this.pairAsOf(query, xCount);
      return { sampled, aligned };
    });
  }

  private async pairAsOf({ variableIds, startDate, endDate }: CorrelationDataQuery, xCount: number) {
    const [xId, ...otherIds] = variableIds as [number, ...number[]];
    const maxAgeS = this.config.CORRELATION_ASOF_MAX_AGE_SECONDS;
    const [xs, ...others] = await Promise.all([
      this.series.points(xId, startDate, endDate),
      ...otherIds.map(async (id) => {
        const denseLimit = DENSE_FACTOR * xCount;
        return (await this.series.countUpTo(id, startDate, endDate, denseLimit + 1)) > denseLimit
          ? this.series.asOfPoints(id, xId, startDate, endDate, maxAgeS)
          : this.series.pointsWithPrevious(id, startDate, endDate, maxAgeS);
      }),
    ]);
    return alignAsOf(xs, others, maxAgeS * 1000);
  }

  // Every variable matching tagsX against every other variable matching tagsY, ordered by X then Y name.
  async pairs(query: MultipleCorrelationPairsQuery): Promise<CorrelationPairOptionDto[]> {
    const [xs, ys] = await Promise.all([this.tagged(query.tagsX), this.tagged(query.tagsY)]);
    const count = xs.length * ys.length - xs.filter((x) => ys.some((y) => y.id === x.id)).length;
    if (count > MAX_CORRELATION_PAIR_OPTIONS) {
      throw new BadRequestException(
        `These tags make ${count} pairs, more than ${MAX_CORRELATION_PAIR_OPTIONS}: choose narrower tags`,
      );
    }
    return xs.flatMap((x) =>
      ys
        .filter((y) => y.id !== x.id)
        .map((y) => ({ id: `${x.id}-${y.id}`, label: `${x.name} / ${y.name}`, x: x.id, y: y.id })),
    );
  }

  private async tagged(tagIds: number[]): Promise<VariableRow[]> {
    return this.variables.findMatching(
      { text: '', tags: await this.tags.filterOf(tagIds) },
      { field: 'name', direction: 'asc' },
    );
  }

  /** The variables in the order of `ids`; 404 naming the unknown ones. */
  private async requireVariables(ids: number[]): Promise<VariableRow[]> {
    const byId = new Map((await this.variables.findByIds(ids)).map((row) => [row.id, row]));
    const found = ids.flatMap((id) => byId.get(id) ?? []);
    if (found.length < ids.length) {
      const unknown = ids.filter((id) => !byId.has(id));
      throw new NotFoundException(`variableIds: unknown variable ${unknown.join(', ')}`);
    }
    return found;
  }
}
