import { Controller, Get, Query } from '@nestjs/common';
import {
  rawPointsPageDtoSchema,
  rawPointsQuerySchema,
  timelineColumnsDtoSchema,
  timelineDataDtoSchema,
  timelineDataQuerySchema,
  type RawPointsPageDto,
  type RawPointsQuery,
  type TimelineColumnsDto,
  type TimelineDataDto,
  type TimelineDataQuery,
  type VariableMinimalDto,
  variableMinimalDtoSchema,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { z } from 'zod';
import { RawPointsService } from './raw-points.service';
import { TimelineService } from './timeline.service';

@RequireFeature('Explore')
@Controller('api/web/explorer')
export class ExplorerController {
  constructor(
    private readonly timeline: TimelineService,
    private readonly rawPointPages: RawPointsService,
  ) {}

  @Get('variables')
  @Responds(variableMinimalDtoSchema.array())
  variables(): Promise<VariableMinimalDto[]> {
    return this.timeline.listVariables();
  }

  @Get('timeline-data')
  @Responds(z.union([timelineDataDtoSchema, timelineColumnsDtoSchema]), {
    description: 'TimelineDataDto, or TimelineColumnsDto with format=columns',
  })
  timelineData(
    @Query({ schema: timelineDataQuerySchema }) query: TimelineDataQuery,
  ): Promise<TimelineDataDto | TimelineColumnsDto> {
    return query.format === 'columns' ? this.timeline.timelineColumns(query) : this.timeline.timeline(query);
  }

  @Get('raw-points')
  @Responds(rawPointsPageDtoSchema)
  rawPoints(@Query({ schema: rawPointsQuerySchema }) query: RawPointsQuery): Promise<RawPointsPageDto> {
    return this.rawPointPages.page(query);
  }
}
