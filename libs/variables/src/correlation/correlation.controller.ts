import { Controller, Get, Query } from '@nestjs/common';
import {
  correlationDataQuerySchema,
  multipleCorrelationPairsQuerySchema,
  type CorrelationDataDto,
  type CorrelationDataQuery,
  type CorrelationPairOptionDto,
  type MultipleCorrelationPairsQuery,
} from '@plantlens/contracts';
import { RequireFeature } from '@plantlens/platform';
import { CorrelationService } from './correlation.service';

@RequireFeature('Explore')
@Controller('api/web/explorer')
export class CorrelationController {
  constructor(private readonly correlation: CorrelationService) {}

  @Get('correlation-data')
  correlationData(
    @Query({ schema: correlationDataQuerySchema }) query: CorrelationDataQuery,
  ): Promise<CorrelationDataDto> {
    return this.correlation.correlation(query);
  }

  @Get('multiple-correlation-pairs')
  multipleCorrelationPairs(
    @Query({ schema: multipleCorrelationPairsQuerySchema }) query: MultipleCorrelationPairsQuery,
  ): Promise<CorrelationPairOptionDto[]> {
    return this.correlation.pairs(query);
  }
}
