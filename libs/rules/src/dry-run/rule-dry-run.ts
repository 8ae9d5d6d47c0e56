import type {
  MeasurementPoint,
  RuleCondition,
  RuleDryRunIncidenceDto,
  RuleDryRunResultDto,
} from '@plantlens/contracts';
import { RULE_DRY_RUN_MAX_INCIDENCES } from '@plantlens/contracts';
import { RuleEngine } from '../engine/rule-engine';

const DRY_RUN_RULE_ID = 1;

interface OpenIncidence {
  incidence: RuleDryRunIncidenceDto;
  /** totals before the first evaluation of the run of true evaluations that opened it */
  evaluationsBefore: number;
  activationsBefore: number;
}

/**
 * One rule evaluated over history by the live engine itself (RuleEngine): feed the points of its
 * variables in time order, then take the result. Each point is evaluated alone and followed by a
 * checkpoint, which tells whether it was an activation and which transition it made: that is how the
 * evaluations and activations of each incidence are known without a line of the live path changing.
 */
export class RuleDryRunEvaluation {
  private readonly engine = new RuleEngine();
  private readonly single: MeasurementPoint[] = [{ variableId: 0, ts: 0, value: 0 }];
  private points = 0;
  private evaluations = 0;
  private activations = 0;
  private active = false;
  private runStart = { evaluations: 0, activations: 0 };
  private open: OpenIncidence | null = null;
  private incidenceCount = 0;
  private readonly incidences: RuleDryRunIncidenceDto[] = [];

  constructor(
    condition: RuleCondition,
    private readonly from: number,
    private readonly to: number,
  ) {
    // Points from `from` on: the watermark starts just before it, as a live rule's at its creation.
    this.engine.add({ ...condition, id: DRY_RUN_RULE_ID }, undefined, from - 1);
  }

  /** One point; its variable's points must come in time order, and at or after `from`. */
  feed(variableId: number, ts: number, value: number): void {
    this.points += 1;
    const point = this.single[0] as MeasurementPoint;
    point.variableId = variableId;
    point.ts = ts;
    point.value = value;
    if (this.engine.evaluate(this.single).evaluations === 0) return;
    const { counts, transitions } = this.engine.checkpoint();
    const activated = counts.some((count) => count.activations > 0);
    if (activated && !this.active) {
      this.runStart = { evaluations: this.evaluations, activations: this.activations };
    }
    this.active = activated;
    this.evaluations += 1;
    if (activated) this.activations += 1;
    for (const transition of transitions) {
      if (transition.type === 'opened') {
        this.incidenceCount += 1;
        const incidence: RuleDryRunIncidenceDto = {
          openedAt: transition.openedAt,
          closedAt: null,
          evaluations: 0,
          activations: 0,
          value: transition.value,
          threshold: transition.threshold,
        };
        if (this.incidences.length < RULE_DRY_RUN_MAX_INCIDENCES) this.incidences.push(incidence);
        this.open = {
          incidence,
          evaluationsBefore: this.runStart.evaluations,
          activationsBefore: this.runStart.activations,
        };
      } else if (this.open) {
        this.open.incidence.closedAt = transition.closedAt;
        this.settleCounts(this.open);
        this.open = null;
      }
    }
  }

  /** The answer; `truncatedAt` when the points were cut (an incidence still open then stays open). */
  result(truncatedAt: number | null): RuleDryRunResultDto {
    if (this.open) this.settleCounts(this.open);
    return {
      from: this.from,
      to: this.to,
      points: this.points,
      evaluations: this.evaluations,
      activations: this.activations,
      incidenceCount: this.incidenceCount,
      incidences: this.incidences,
      truncatedAt,
    };
  }

  // From the first true evaluation of its run to the evaluation that closed it (or the last one).
  private settleCounts(open: OpenIncidence): void {
    open.incidence.evaluations = this.evaluations - open.evaluationsBefore;
    open.incidence.activations = this.activations - open.activationsBefore;
  }
}
