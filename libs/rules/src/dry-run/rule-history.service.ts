import { Injectable } from '@nestjs/common';
import { RULE_DRY_RUN_MAX_POINTS, type MeasurementPoint } from '@plantlens/contracts';
import { EngineRepository, type RuleDefinition } from '../engine/engine.repository';
import { EngineShard } from '../engine/engine-shard';
import { RuleEngine } from '../engine/rule-engine';
import { transitionMessages } from '../notification/incidence-email';
import { OutboxService } from '../outbox/outbox.service';
import { feedInTimeOrder } from './history-points';
import { RawPointsClient } from './raw-points.client';

// Points evaluated at once: the live engine's message size.
const BATCH_POINTS = 5_000;

// A rule created "from" a past instant (docs/rules-and-incidences.md "Trying a rule on history").
@Injectable()
export class RuleHistoryService {
  constructor(
    private readonly repository: EngineRepository,
    private readonly points: RawPointsClient,
    private readonly shard: EngineShard,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Evaluates a new rule, still disabled, over the stored history from `from` to its creation, and writes
   * what it found as the live engine does — incidences (marked historical) with their summaries and events,
   * day counts, the rule's state — but no e-mail. Enabled afterwards, the live engine resumes that state.
   */
  async evaluate(accessToken: string, ruleId: number, from: number): Promise<void> {
    const loaded = await this.repository.loadRule(ruleId, true);
    if (!loaded) return;
    const { rule } = loaded;
    const engine = new RuleEngine<RuleDefinition>();
    engine.add(rule, undefined, from - 1);
    const batch: MeasurementPoint[] = [];
    const variableIds = rule.varTwoId === null ? [rule.varOneId] : [rule.varOneId, rule.varTwoId];
    await feedInTimeOrder(
      variableIds,
      this.points.reader(accessToken, from, rule.createdAt),
      RULE_DRY_RUN_MAX_POINTS,
      {
        feed(variableId, ts, value) {
          batch.push({ variableId, ts, value });
          if (batch.length < BATCH_POINTS) return;
          engine.evaluate(batch);
          batch.length = 0;
        },
      },
    );
    engine.evaluate(batch);
    // The variables' watermarks are the live engine's own: history must not move them back.
    const checkpoint = { ...engine.checkpoint(), watermarks: [] };
    await this.repository.write(checkpoint, this.shard.owner, (transition, event) =>
      transitionMessages(transition.rule.id, event, undefined),
    );
    await this.repository.markHistorical(ruleId);
    this.outbox.drainSoon();
  }
}
