import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ruleDryRunResultDtoSchema,
  ruleDryRunSchema,
  type RuleDryRun,
  type RuleDryRunResultDto,
} from '@plantlens/contracts';
import { CurrentAccessToken, RequireFeature, Responds } from '@plantlens/platform';
import { RuleDryRunService } from './rule-dry-run.service';

// Whoever may create rules may try one; the variables service decides which points he may read.
@RequireFeature('Incidence')
@Controller('api/web/rules-incidence')
export class RuleDryRunController {
  constructor(private readonly dryRuns: RuleDryRunService) {}

  // 200, not 201: nothing is created.
  @Post('dry-run')
  @HttpCode(200)
  @Responds(ruleDryRunResultDtoSchema)
  dryRun(
    @CurrentAccessToken() accessToken: string,
    @Body({ schema: ruleDryRunSchema }) body: RuleDryRun,
  ): Promise<RuleDryRunResultDto> {
    return this.dryRuns.run(accessToken, body);
  }
}
