import { Controller, Get, Query } from '@nestjs/common';
import {
  timelineDataQuerySchema,
  type TimelineDataDto,
  type TimelineDataQuery,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import { RequireFeature } from '@plantlens/platform';
import { TimelineService } from './timeline.service';

@RequireFeature('Explore')
@Controller('api/web/explorer')
export class ExplorerController {
  constructor(private readonly timeline: TimelineService) {}

  @Get('variables')
  variables(): Promise<VariableMinimalDto[]> {
    return this.timeline.listVariables();
  }

  @Get('timeline-data')
  timelineData(
    @Query({ schema: timelineDataQuerySchema }) query: TimelineDataQuery,
  ): Promise<TimelineDataDto> {
    return this.timeline.timeline(query);
  }
}
