import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  rawPointsPageDtoSchema,
  rawPointsQuerySchema,
  timelineColumnsDtoSchema,
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
import { z } from 'zod';
import { ExplorerReads } from './explorer-reads';
import { RawPointsService } from './raw-points.service';
import { TimelineService } from './timeline.service';

@RequireFeature('Explore')
@Controller('api/web/explorer')
export class ExplorerController {
  constructor(
    private readonly timeline: TimelineService,
    private readonly rawPointPages: RawPointsService,
    private readonly reads: ExplorerReads,
  ) {}

  @Get('variables')
  @Responds(variableMinimalDtoSchema.array())
  variables(): Promise<VariableMinimalDto[]> {
    return this.timeline.listVariables();
  }

  // With format=columns the answer is JSON text built by the service (see timelineColumnsJson).
  @Get('timeline-data')
  @Responds(z.union([timelineDataDtoSchema, timelineColumnsDtoSchema]), {
    description: 'TimelineDataDto, or TimelineColumnsDto with format=columns',
  })
  async timelineData(
    @Query({ schema: timelineDataQuerySchema }) query: TimelineDataQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TimelineDataDto | string> {
    if (query.format !== 'columns') return this.reads.track(() => this.timeline.timeline(query));
    const json = await this.reads.track(() => this.timeline.timelineColumnsJson(query));
    reply.type('application/json; charset=utf-8');
    return json;
  }

  @Get('raw-points')
  @Responds(rawPointsPageDtoSchema)
  rawPoints(@Query({ schema: rawPointsQuerySchema }) query: RawPointsQuery): Promise<RawPointsPageDto> {
    return this.rawPointPages.page(query);
  }
}
