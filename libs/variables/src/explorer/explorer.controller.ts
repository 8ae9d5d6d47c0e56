import { Controller, Get, Query } from '@nestjs/common';
import {
  rawPointsPageDtoSchema,
  rawPointsQuerySchema,
  timelineDataDtoSchema,
  timelineDataQuerySchema,
  type RawPointsPageDto,
  type RawPointsQuery,
  type TimelineDataDto,
  type TimelineDataQuery,
  type VariableMinimalDto,
  variableMinimalDtoSchema,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
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
  @Responds(timelineDataDtoSchema)
  timelineData(
    @Query({ schema: timelineDataQuerySchema }) query: TimelineDataQuery,
  ): Promise<TimelineDataDto> {
    return this.timeline.timeline(query);
  }

  @Get('raw-points')
  @Responds(rawPointsPageDtoSchema)
  rawPoints(@Query({ schema: rawPointsQuerySchema }) query: RawPointsQuery): Promise<RawPointsPageDto> {
    return this.rawPointPages.page(query);
  }
}
