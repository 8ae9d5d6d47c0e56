import { Injectable } from '@nestjs/common';
import { RULE_DRY_RUN_MAX_POINTS, type RuleDryRun, type RuleDryRunResultDto } from '@plantlens/contracts';
import { VariableCatalogClient } from '../rule/variable-catalog.client';
import { feedInTimeOrder } from './history-points';
import { RawPointsClient } from './raw-points.client';
import { RuleDryRunEvaluation } from './rule-dry-run';

// A rule's condition tried on the stored history of its variables (docs/rules-and-incidences.md "Trying a
// rule on history"): nothing is stored, no event or e-mail leaves.
@Injectable()
export class RuleDryRunService {
  constructor(
    private readonly variables: VariableCatalogClient,
    private readonly points: RawPointsClient,
  ) {}

  async run(accessToken: string, request: RuleDryRun): Promise<RuleDryRunResultDto> {
    const varTwoId = request.varTwoId ?? null;
    const variableIds = varTwoId === null ? [request.varOneId] : [request.varOneId, varTwoId];
    await this.variables.known(accessToken, variableIds);
    const evaluation = new RuleDryRunEvaluation(
      {
        operator: request.operator,
        varOneId: request.varOneId,
        varTwoId,
        constant: varTwoId === null ? (request.constant ?? null) : null,
        minDurationSeconds: request.minDurationSeconds,
        deadband: request.deadband,
      },
      request.from,
      request.to,
    );
    const truncatedAt = await feedInTimeOrder(
      variableIds,
      this.points.reader(accessToken, request.from, request.to),
      RULE_DRY_RUN_MAX_POINTS,
      evaluation,
    );
    return evaluation.result(truncatedAt);
  }
}
