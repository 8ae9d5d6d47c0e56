import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  aggregatePreviewDtoSchema,
  aggregatePreviewSchema,
  type AggregatePreviewDto,
  type AggregatePreviewRequest,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { AggregatePreviewService } from './aggregate-preview.service';

// The form's preview: the calculation over the last hours, before the variable exists (nothing is stored).
@RequireFeature('AggregateVariable')
@Controller('api/web/aggregate-variables')
export class AggregatePreviewController {
  constructor(private readonly previews: AggregatePreviewService) {}

  @Post('preview')
  @HttpCode(200)
  @Responds(aggregatePreviewDtoSchema)
  preview(
    @Body({ schema: aggregatePreviewSchema }) body: AggregatePreviewRequest,
  ): Promise<AggregatePreviewDto> {
    return this.previews.preview(body);
  }
}
