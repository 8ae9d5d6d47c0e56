import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  normalCurveLearnResultDtoSchema,
  normalCurveLearnSchema,
  referenceCurvesDtoSchema,
  referenceCurvesQuerySchema,
  type NormalCurveLearnDto,
  type NormalCurveLearnResultDto,
  type ReferenceCurvesDto,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { NormalCurveService } from './normal-curve.service';

// A valve's reference curves for the pair-deviation chart, and an administrator's relearning of them.
@RequireFeature('AmpoCurrentStatus')
@Controller('api/web/ampo')
export class ReferenceCurvesController {
  constructor(private readonly curves: NormalCurveService) {}

  @Get('reference-curves')
  @Responds(referenceCurvesDtoSchema)
  get(@Query({ schema: referenceCurvesQuerySchema }) query: { asset: string }): Promise<ReferenceCurvesDto> {
    return this.curves.reference(query.asset);
  }

  @Post('normal-curves/learn')
  @HttpCode(200)
  @RequireFeature('Admin')
  @Responds(normalCurveLearnResultDtoSchema)
  learn(
    @Body({ schema: normalCurveLearnSchema }) body: NormalCurveLearnDto,
  ): Promise<NormalCurveLearnResultDto> {
    return this.curves.learn(body);
  }
}
