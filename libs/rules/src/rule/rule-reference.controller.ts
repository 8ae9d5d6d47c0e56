import { Controller, Get, Query } from '@nestjs/common';
import {
  ruleByVariablesQuerySchema,
  ruleReferenceDtoSchema,
  type RuleByVariablesQuery,
  type RuleReferenceDto,
} from '@plantlens/contracts';
import { AllowServiceToken, RequireFeature, Responds } from '@plantlens/platform';
import { z } from 'zod';
import { RuleRepository } from './rule.repository';

// Which rules read given variables: the variables service asks before deleting an aggregate variable
// (409 naming them), with the service token. Every rule is named whoever may read it, so a signed-in user
// needs Admin — administrators read every rule anyway.
@Controller('api/web/rule')
export class RuleReferenceController {
  constructor(private readonly rules: RuleRepository) {}

  @Get('by-variables')
  @AllowServiceToken()
  @RequireFeature('Admin')
  @Responds(z.array(ruleReferenceDtoSchema))
  byVariables(
    @Query({ schema: ruleByVariablesQuerySchema }) query: RuleByVariablesQuery,
  ): Promise<RuleReferenceDto[]> {
    return this.rules.findReadersOf(query.ids);
  }
}
