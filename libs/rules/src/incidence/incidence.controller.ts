import { Body, Controller, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import {
  closedSummariesQuerySchema,
  historicIncidencePageDtoSchema,
  incidenceIdParamsSchema,
  incidenceListQuerySchema,
  incidenceRuleIdParamsSchema,
  incidenceStatusChangeSchema,
  incidenceSummaryV1PageDtoSchema,
  incidenceSummaryV2PageDtoSchema,
  manageSummarySchema,
  type ClosedSummariesQuery,
  type HistoricIncidenceRowDto,
  type IncidenceListQuery,
  type IncidenceStatusChange,
  type IncidenceSummaryV1Dto,
  type IncidenceSummaryV2PageDto,
  type ManageSummary,
  type PagedListDto,
} from '@plantlens/contracts';
import { CurrentUser, RequireFeature, Responds, type AuthenticatedUser } from '@plantlens/platform';
import { IncidenceService } from './incidence.service';

// Spec part 2 §7: /api/web/evaluations-incidence (older list), /v2, status, manage, resolve, closed.
@RequireFeature('Incidence')
@Controller('api/web/evaluations-incidence')
export class IncidenceController {
  constructor(private readonly incidences: IncidenceService) {}

  @Get()
  @Responds(incidenceSummaryV1PageDtoSchema)
  listV1(
    @CurrentUser() user: AuthenticatedUser,
    @Query({ schema: incidenceListQuerySchema }) query: IncidenceListQuery,
  ): Promise<PagedListDto<IncidenceSummaryV1Dto>> {
    return this.incidences.listV1(user, query);
  }

  @Get('v2')
  @Responds(incidenceSummaryV2PageDtoSchema)
  listV2(
    @CurrentUser() user: AuthenticatedUser,
    @Query({ schema: incidenceListQuerySchema }) query: IncidenceListQuery,
  ): Promise<IncidenceSummaryV2PageDto> {
    return this.incidences.listV2(user, query);
  }

  @Get('closed-summaries')
  @Responds(historicIncidencePageDtoSchema)
  closed(
    @CurrentUser() user: AuthenticatedUser,
    @Query({ schema: closedSummariesQuerySchema }) query: ClosedSummariesQuery,
  ): Promise<PagedListDto<HistoricIncidenceRowDto>> {
    return this.incidences.closedSummaries(user, query);
  }

  @Put('manage-summary/:ruleId')
  @HttpCode(204)
  @Responds(null, { status: 204 })
  async manage(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: incidenceRuleIdParamsSchema }) params: { ruleId: number },
    @Body({ schema: manageSummarySchema }) body: ManageSummary,
  ): Promise<void> {
    await this.incidences.manage(user, params.ruleId, body.enabled);
  }

  @Put('resolve-summary/:id')
  @HttpCode(204)
  @Responds(null, { status: 204 })
  async resolve(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: incidenceIdParamsSchema }) params: { id: number },
  ): Promise<void> {
    await this.incidences.resolve(user, params.id);
  }

  @Put(':id')
  @HttpCode(204)
  @Responds(null, { status: 204 })
  async changeStatus(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: incidenceIdParamsSchema }) params: { id: number },
    @Body({ schema: incidenceStatusChangeSchema }) body: IncidenceStatusChange,
  ): Promise<void> {
    await this.incidences.changeStatus(user, params.id, body.status);
  }
}
