import { Inject, Injectable } from '@nestjs/common';
import {
  AggregateVariableMessages,
  PREVIEW_DEFAULT_HOURS,
  PREVIEW_MAX_HOURS,
  PREVIEW_MAX_POINTS,
  type AggregateDefinition,
  type AggregatePreviewDto,
  type AggregatePreviewRequest,
} from '@plantlens/contracts';
import { PLATFORM_CONFIG, validationException, type PlatformConfig } from '@plantlens/platform';
import { VariableRepository } from '../variable/variable.repository';
import { AggregateSeriesRepository } from './aggregate-series.repository';
import { calculateAggregate } from './calculation/aggregate-math';
import { reduceToExtremes } from './calculation/extremes-reducer';
import { inputRanges, mergeRanges } from './calculation/input-ranges';

const HOUR_MS = 3_600_000;

/** The calculation over a recent window, on the fly, with the same math as the live and back-fill paths. */
@Injectable()
export class AggregatePreviewService {
  private readonly maxAgeMs: number;

  constructor(
    private readonly series: AggregateSeriesRepository,
    private readonly variables: VariableRepository,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
  ) {
    this.maxAgeMs = config.AGGREGATE_ASOF_MAX_AGE_SECONDS * 1000;
  }

  async preview(request: AggregatePreviewRequest, now = Date.now()): Promise<AggregatePreviewDto> {
    const { fromMs: requestedFrom, toMs: requestedTo, ...definition } = request;
    const toMs =
      requestedTo ?? (requestedFrom === undefined ? now : requestedFrom + PREVIEW_DEFAULT_HOURS * HOUR_MS);
    const fromMs = requestedFrom ?? toMs - PREVIEW_DEFAULT_HOURS * HOUR_MS;
    if (fromMs >= toMs)
      throw validationException([{ path: ['fromMs'], message: 'must be earlier than toMs' }]);
    if (toMs - fromMs > PREVIEW_MAX_HOURS * HOUR_MS) {
      throw validationException([
        { path: ['toMs'], message: `the window may span at most ${PREVIEW_MAX_HOURS} hours` },
      ]);
    }
    await this.requireInputs(definition);
    const window = { fromMs, toMs };
    const inputs = await this.series.read(
      mergeRanges(inputRanges(definition, window), this.maxAgeMs),
      this.maxAgeMs,
    );
    const calculated = calculateAggregate(definition, inputs, window, this.maxAgeMs);
    return {
      fromMs,
      toMs,
      points: reduceToExtremes(calculated, PREVIEW_MAX_POINTS),
      count: calculated.ts.length,
    };
  }

  // 400 naming each field whose variable ids do not exist.
  private async requireInputs(definition: AggregateDefinition): Promise<void> {
    const fields: [string, number[]][] =
      definition.goal === 'operated'
        ? [
            ['varOneId', [definition.varOneId]],
            ['varTwoId', definition.varTwoId === null ? [] : [definition.varTwoId]],
          ]
        : definition.goal === 'gradual'
          ? [['varId', [definition.varId]]]
          : [['variableIdList', definition.variableIdList]];
    const existing = new Set(await this.variables.findExistingIds(fields.flatMap(([, ids]) => ids)));
    const issues = fields.flatMap(([field, ids]) => {
      const unknown = ids.filter((id) => !existing.has(id));
      return unknown.length === 0
        ? []
        : [
            {
              path: [field],
              message: `${AggregateVariableMessages.unknownVariables}: ${unknown.join(', ')}`,
            },
          ];
    });
    if (issues.length > 0) throw validationException(issues);
  }
}
