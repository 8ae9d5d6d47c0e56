import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  aggregateDependenciesDtoSchema,
  aggregateVariableCreateSchema,
  aggregateVariableDtoSchema,
  aggregateVariableIdQuerySchema,
  aggregateVariableListQuerySchema,
  aggregateVariableUpdateSchema,
  type AggregateVariableCreate,
  type AggregateVariableDto,
  type AggregateVariableListQuery,
  type AggregateVariableUpdate,
} from '@plantlens/contracts';
import { CurrentUser, RequireFeature, Responds, type AuthenticatedUser } from '@plantlens/platform';
import { AggregateVariableService } from './aggregate-variable.service';

// Spec part 1 §7 "GET, POST, PUT /api/web/aggregate-variables/; DELETE with query id". Every route needs
// the AggregateVariable feature; the per-variable rights are the service's. Sharing goes through
// identity's /api/web/permission/variable/{id}/… as the Permissions screen does.
@RequireFeature('AggregateVariable')
@Controller('api/web/aggregate-variables')
export class AggregateVariableController {
  constructor(private readonly aggregates: AggregateVariableService) {}

  @Get()
  @Responds(aggregateVariableDtoSchema.array())
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query({ schema: aggregateVariableListQuerySchema }) query: AggregateVariableListQuery,
  ): Promise<AggregateVariableDto[]> {
    return this.aggregates.list(user, query.goal);
  }

  @Get(':id')
  @Responds(aggregateVariableDtoSchema)
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: aggregateVariableIdQuerySchema }) params: { id: number },
  ): Promise<AggregateVariableDto> {
    return this.aggregates.get(user, params.id);
  }

  @Post()
  @Responds(aggregateVariableDtoSchema)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: aggregateVariableCreateSchema }) body: AggregateVariableCreate,
  ): Promise<AggregateVariableDto> {
    return this.aggregates.create(user, body);
  }

  @Put()
  @Responds(aggregateVariableDtoSchema)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: aggregateVariableUpdateSchema }) body: AggregateVariableUpdate,
  ): Promise<AggregateVariableDto> {
    return this.aggregates.update(user, body);
  }

  @Delete()
  @HttpCode(204)
  @Responds(null, { status: 204 })
  @Responds(aggregateDependenciesDtoSchema, {
    status: 409,
    description: 'other aggregate variables or rules read the variable',
  })
  async delete(
    @CurrentUser() user: AuthenticatedUser,
    @Query({ schema: aggregateVariableIdQuerySchema }) query: { id: number },
  ): Promise<void> {
    await this.aggregates.delete(user, query.id);
  }
}
