import { Controller, Get, Query } from '@nestjs/common';
import {
  incidenceReviewDtoSchema,
  incidenceReviewQuerySchema,
  type IncidenceReviewDto,
  type IncidenceReviewQuery,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { IncidenceReviewService } from './incidence-review.service';

// Spec part 2 §7: the incidence review's signals of one valve.
@RequireFeature('AmpoCurrentStatus')
@Controller('api/web/ampo')
export class IncidenceReviewController {
  constructor(private readonly review: IncidenceReviewService) {}

  @Get('incidence-review')
  @Responds(incidenceReviewDtoSchema)
  get(
    @Query({ schema: incidenceReviewQuerySchema }) query: IncidenceReviewQuery,
  ): Promise<IncidenceReviewDto> {
    return this.review.review(query);
  }
}
