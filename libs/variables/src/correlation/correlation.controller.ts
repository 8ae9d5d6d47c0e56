import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  correlationColumnsDtoSchema,
  correlationDataDtoSchema,
  correlationFromColumns,
  correlationDataQuerySchema,
  correlationPairOptionDtoSchema,
  multipleCorrelationPairsQuerySchema,
  type CorrelationColumnsDto,
  type CorrelationDataDto,
  type CorrelationDataQuery,
  type CorrelationPairOptionDto,
  type MultipleCorrelationPairsQuery,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { CategoryService } from '../category/category.service';
import { CorrelationService } from './correlation.service';
import { ExplorerReads } from '../explorer/explorer-reads';

@RequireFeature('Explore')
@Controller('api/web/explorer')
export class CorrelationController {
  constructor(
    private readonly correlation: CorrelationService,
    private readonly categories: CategoryService,
    private readonly reads: ExplorerReads,
  ) {}

  @Get('correlation-data')
  @Responds(z.union([correlationDataDtoSchema, correlationColumnsDtoSchema]), {
    description: 'CorrelationDataDto, or CorrelationColumnsDto with format=columns',
  })
  async correlationData(
    @Query({ schema: correlationDataQuerySchema }) query: CorrelationDataQuery,
  ): Promise<CorrelationDataDto | CorrelationColumnsDto> {
    // Categories come in a second step: the points do not depend on them (and are cached on their own).
    const points = await this.reads.track(() => this.correlation.correlationColumns(query));
    const columns = { ...points, categorySets: await this.categories.categorySetsOf(query.variableIds) };
    return query.format === 'columns' ? columns : correlationFromColumns(columns);
  }

  @Get('multiple-correlation-pairs')
  @Responds(correlationPairOptionDtoSchema.array())
  multipleCorrelationPairs(
    @Query({ schema: multipleCorrelationPairsQuerySchema }) query: MultipleCorrelationPairsQuery,
  ): Promise<CorrelationPairOptionDto[]> {
    return this.correlation.pairs(query);
  }
}
