import { Controller, Get, Query } from '@nestjs/common';
import {
  historicAnalysisDtoSchema,
  historicAnalysisQuerySchema,
  valveActuationCountDtoSchema,
  valveActuationsQuerySchema,
  type HistoricAnalysisDto,
  type HistoricAnalysisQuery,
  type ValveActuationsQuery,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { HistoricAnalysisService } from './historic-analysis.service';

// Spec part 2 §7: the historic analysis and the actuation count of the valve info card.
@RequireFeature('AmpoCurrentStatus')
@Controller('api/web/ampo')
export class HistoricAnalysisController {
  constructor(private readonly historic: HistoricAnalysisService) {}

  @Get('historic-analysis')
  @Responds(historicAnalysisDtoSchema)
  analysis(
    @Query({ schema: historicAnalysisQuerySchema }) query: HistoricAnalysisQuery,
  ): Promise<HistoricAnalysisDto> {
    return this.historic.analysis(query);
  }

  @Get('valve-actuations')
  @Responds(valveActuationCountDtoSchema)
  actuations(@Query({ schema: valveActuationsQuerySchema }) query: ValveActuationsQuery): Promise<number> {
    return this.historic.actuationCount(query);
  }
}
