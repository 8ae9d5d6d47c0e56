import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ruleCreateSchema,
  ruleIdParamsSchema,
  ruleIdQuerySchema,
  ruleIncidenceDtoSchema,
  ruleListQuerySchema,
  ruleUpdateSchema,
  type RuleCreateItem,
  type RuleIncidenceDto,
  type RuleListQuery,
  type RuleUpdate,
} from '@plantlens/contracts';
import {
  CurrentAccessToken,
  CurrentUser,
  RequireFeature,
  Responds,
  type AuthenticatedUser,
} from '@plantlens/platform';
import { z } from 'zod';
import { RuleService } from './rule.service';

// Spec part 2 §7 "Incidences and rules": /api/web/rules-incidence. The per-rule rights are the service's.
@RequireFeature('Incidence')
@Controller('api/web/rules-incidence')
export class RuleController {
  constructor(private readonly rules: RuleService) {}

  @Get()
  @Responds(z.array(ruleIncidenceDtoSchema))
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query({ schema: ruleListQuerySchema }) query: RuleListQuery,
  ): Promise<RuleIncidenceDto[]> {
    return this.rules.list(user, query.tags);
  }

  @Get('variable-ids/:id')
  @Responds(z.array(z.number().int()))
  variableIds(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: ruleIdParamsSchema }) params: { id: number },
  ): Promise<number[]> {
    return this.rules.variableIds(user, params.id);
  }

  // A text answer: the owner's label (empty when the owner no longer exists). The type is set only on
  // success, so an error still goes out as the JSON error body.
  @Get('owner/:id')
  @Responds(z.string(), { contentType: 'text/plain' })
  async owner(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: ruleIdParamsSchema }) params: { id: number },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const owner = await this.rules.owner(user, params.id);
    reply.type('text/plain; charset=utf-8');
    return owner;
  }

  @Get(':id')
  @Responds(ruleIncidenceDtoSchema)
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param({ schema: ruleIdParamsSchema }) params: { id: number },
  ): Promise<RuleIncidenceDto> {
    return this.rules.get(user, params.id);
  }

  @Post()
  @Responds(z.array(ruleIncidenceDtoSchema))
  create(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentAccessToken() accessToken: string,
    @Body({ schema: ruleCreateSchema }) body: RuleCreateItem[],
  ): Promise<RuleIncidenceDto[]> {
    return this.rules.create(user, accessToken, body);
  }

  @Put()
  @Responds(ruleIncidenceDtoSchema)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: ruleUpdateSchema }) body: RuleUpdate,
  ): Promise<RuleIncidenceDto> {
    return this.rules.update(user, body);
  }

  @Delete()
  @HttpCode(204)
  @Responds(null, { status: 204 })
  async delete(
    @CurrentUser() user: AuthenticatedUser,
    @Query({ schema: ruleIdQuerySchema }) query: { id: number },
  ): Promise<void> {
    await this.rules.delete(user, query.id);
  }
}
