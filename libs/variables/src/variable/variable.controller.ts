import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import {
  rawVariableDeclareDtoSchema,
  rawVariableDeclareResponseDtoSchema,
  variableMinimalDtoSchema,
  variableMinimalQuerySchema,
  variablePageDtoSchema,
  variablePageQuerySchema,
  variableSearchQuerySchema,
  variableTaggedExistsQuerySchema,
  variableTaggedQuerySchema,
  type Feature,
  type RawVariableDeclareDto,
  type RawVariableDeclareResponseDto,
  type VariableMinimalDto,
  type VariableMinimalQuery,
  type VariablePageDto,
  type VariablePageQuery,
  type VariableSearchQuery,
  type VariableTaggedExistsQuery,
  type VariableTaggedQuery,
} from '@plantlens/contracts';
import { AllowServiceToken, RequireFeature, Responds } from '@plantlens/platform';
import { z } from 'zod';
import { VariableService } from './variable.service';

// The variable pickers (minimal, search, tagged) and the tag tree serve every screen that chooses variables: explorer,
// aggregate variables, rules, incidences, valve screens, and the administration of variables and tags.
export const PICKER_FEATURES: [Feature, ...Feature[]] = [
  'Explore',
  'AggregateVariable',
  'Rule',
  'Incidence',
  'AmpoCurrentStatus',
  'RawVariable',
  'Admin',
];

@Controller('api/web/variable')
export class VariableController {
  constructor(private readonly variables: VariableService) {}

  // Data sources (simulator, uploader, connectors) declare the variables they are about to publish and
  // get their ids back; declaring an existing client reference is a no-op, and `createMissing: false` only
  // looks references up. Sources present the service token; a signed-in user needs the RawVariable feature.
  @Post('raw/declare')
  @AllowServiceToken()
  @RequireFeature('RawVariable')
  @Responds(rawVariableDeclareResponseDtoSchema)
  async declare(
    @Body({ schema: rawVariableDeclareDtoSchema }) body: RawVariableDeclareDto,
  ): Promise<RawVariableDeclareResponseDto> {
    return { variables: await this.variables.declareRaw(body.variables, body.createMissing) };
  }

  // The valve monitor presents the service token to learn which variable ids are valve signals.
  @Get('minimal')
  @AllowServiceToken()
  @RequireFeature(...PICKER_FEATURES)
  @Responds(variableMinimalDtoSchema.array())
  minimal(
    @Query({ schema: variableMinimalQuerySchema }) query: VariableMinimalQuery,
  ): Promise<VariableMinimalDto[]> {
    return this.variables.minimal(query.ids);
  }

  @Get('minimal/search')
  @RequireFeature(...PICKER_FEATURES)
  @Responds(variableMinimalDtoSchema.array())
  search(
    @Query({ schema: variableSearchQuerySchema }) query: VariableSearchQuery,
  ): Promise<VariableMinimalDto[]> {
    return this.variables.search(query);
  }

  @Get('minimal/tagged')
  @RequireFeature(...PICKER_FEATURES)
  @Responds(variableMinimalDtoSchema.array())
  tagged(
    @Query({ schema: variableTaggedQuerySchema }) query: VariableTaggedQuery,
  ): Promise<VariableMinimalDto[]> {
    return this.variables.tagged(query);
  }

  @Get('minimal/tagged/exists')
  @RequireFeature(...PICKER_FEATURES)
  @Responds(z.boolean(), { description: 'true when a variable carries all the tags' })
  taggedExists(
    @Query({ schema: variableTaggedExistsQuerySchema }) query: VariableTaggedExistsQuery,
  ): Promise<boolean> {
    return this.variables.taggedExists(query.tags);
  }

  // The variable tables: variable management and the tag screens (Admin), the raw variable list (RawVariable).
  @Get('page')
  @RequireFeature('Admin', 'RawVariable')
  @Responds(variablePageDtoSchema)
  page(@Query({ schema: variablePageQuerySchema }) query: VariablePageQuery): Promise<VariablePageDto> {
    return this.variables.page(query);
  }
}
