import type { MeasurementPoint, RuleCondition } from '@plantlens/contracts';
import { comparatorOf, type Comparator } from './comparison';

const DAY_MS = 86_400_000;

// What the engine needs of a rule; the rest of the rule (name, e-mails…) travels with it untouched.
export interface EngineRule extends RuleCondition {
  id: number;
}

export interface RuleStateSnapshot {
  /** since when the condition has held (epoch ms); null when it does not */
  conditionSince: number | null;
  /** the open incidence's opening instant, null when none is open */
  openedAt: number | null;
}

export interface VariableWatermark {
  variableId: number;
  /** epoch ms of the latest point evaluated */
  ts: number;
  /** its value; null when only the instant is known (a new rule's start) */
  value: number | null;
}

// Also written for asset-alarm sources, which are not engine rules: only the id is required.
export interface IncidenceTransition<R extends { id: number } = EngineRule> {
  type: 'opened' | 'closed';
  rule: R;
  openedAt: number;
  /** on 'closed' */
  closedAt: number | null;
  /** instant of the point that made the transition */
  at: number;
  value: number;
  threshold: number;
}

export interface DayCounts {
  ruleId: number;
  /** UTC day number (epoch ms / 86 400 000) */
  day: number;
  evaluations: number;
  activations: number;
}

// Everything that changed since the previous checkpoint: what must be durable before the messages that
// caused it are acknowledged.
export interface EngineCheckpoint<R extends { id: number } = EngineRule> {
  watermarks: VariableWatermark[];
  counts: DayCounts[];
  ruleStates: { ruleId: number; conditionSince: number | null }[];
  transitions: IncidenceTransition<R>[];
}

export interface EvaluationStats {
  points: number;
  evaluations: number;
  /**
   * points at or before their variable's watermark: replays, or late points (see docs/rules-and-incidences.md
   * "Replays and late points")
   */
  skipped: number;
}

interface RuleRuntime<R extends EngineRule> {
  rule: R;
  compare: Comparator;
  minDurationMs: number;
  conditionSince: number | null;
  openedAt: number | null;
  stateDirty: boolean;
  // Counts of the day being filled, and of other days (late or around midnight) in `otherDays`.
  day: number;
  evaluations: number;
  activations: number;
  otherDays: Map<number, [number, number]> | null;
  countsDirty: boolean;
}

interface VariableRuntime<R extends EngineRule> {
  ts: number;
  value: number | null;
  dirty: boolean;
  asFirst: RuleRuntime<R>[];
  asSecond: RuleRuntime<R>[];
}

// The streaming evaluation of rules, in memory and synchronous. Rules are indexed by input variable, so
// a point costs the rules on its variable. A point of a variable evaluates every rule that reads it: a
// constant rule compares it with the constant; a variable-vs-variable rule compares the latest values of
// both inputs (the other's latest known point). A true evaluation is an activation; an incidence opens
// when the condition has held `minDurationSeconds` (0: at once) and closes when it is false and past
// the threshold by more than `deadband`.
// Each variable keeps a watermark, the latest instant evaluated: a point at or before it is skipped (a
// replay after a restart, or a point later than newer ones of the same variable), so a replayed batch
// counts and opens nothing twice, and an old point never flips the present state.
export class RuleEngine<R extends EngineRule = EngineRule> {
  private readonly rules = new Map<number, RuleRuntime<R>>();
  private readonly variables = new Map<number, VariableRuntime<R>>();
  private transitions: IncidenceTransition<R>[] = [];
  private readonly dirtyRules = new Set<RuleRuntime<R>>();
  private readonly dirtyVariables = new Set<number>();
  // Rules removed with their incidence closed: their saved condition must not outlive them.
  private stateResets: number[] = [];

  get ruleCount(): number {
    return this.rules.size;
  }

  has(ruleId: number): boolean {
    return this.rules.has(ruleId);
  }

  rule(ruleId: number): R | undefined {
    return this.rules.get(ruleId)?.rule;
  }

  /**
   * Adds a rule with its saved state. `startAt` is where a variable without a watermark starts (a new
   * rule evaluates the points after its creation, not history re-published by a source).
   */
  add(rule: R, state: RuleStateSnapshot = { conditionSince: null, openedAt: null }, startAt = 0): void {
    const existing = this.rules.get(rule.id);
    if (existing) this.detachRule(existing);
    const runtime: RuleRuntime<R> = {
      rule,
      compare: comparatorOf(rule.operator, rule.deadband),
      minDurationMs: rule.minDurationSeconds * 1000,
      conditionSince: state.conditionSince,
      openedAt: state.openedAt,
      stateDirty: false,
      day: -1,
      evaluations: 0,
      activations: 0,
      otherDays: null,
      countsDirty: false,
    };
    this.rules.set(rule.id, runtime);
    this.variable(rule.varOneId, startAt).asFirst.push(runtime);
    if (rule.varTwoId !== null) this.variable(rule.varTwoId, startAt).asSecond.push(runtime);
  }

  /** Replaces a rule's definition (name, e-mails…) keeping its state. */
  update(rule: R): void {
    const runtime = this.rules.get(rule.id);
    if (runtime) runtime.rule = rule;
  }

  /**
   * Drops a rule (disabled, deleted, or no longer this instance's). With `closeOpen`, an open incidence is
   * closed at its first variable's watermark, the last instant the rule was evaluated.
   */
  remove(ruleId: number, closeOpen = false): void {
    const runtime = this.rules.get(ruleId);
    if (!runtime) return;
    if (closeOpen) {
      if (runtime.openedAt !== null) {
        const first = this.variables.get(runtime.rule.varOneId);
        const at = Math.max(first?.ts ?? runtime.openedAt, runtime.openedAt);
        this.close(runtime, at, first?.value ?? Number.NaN, this.thresholdOf(runtime) ?? Number.NaN);
      }
      this.stateResets.push(ruleId);
    }
    this.detachRule(runtime);
  }

  /** Restores the watermark of a variable from the database (rebuild on start). */
  restoreWatermark(watermark: VariableWatermark): void {
    const variable = this.variables.get(watermark.variableId);
    if (variable && watermark.ts >= variable.ts) {
      variable.ts = watermark.ts;
      variable.value = watermark.value;
    }
  }

  evaluate(points: readonly MeasurementPoint[]): EvaluationStats {
    let evaluations = 0;
    let skipped = 0;
    for (const { variableId, ts, value } of points) {
      const variable = this.variables.get(variableId);
      if (variable === undefined) continue;
      if (ts <= variable.ts) {
        skipped += 1;
        continue;
      }
      variable.ts = ts;
      variable.value = value;
      if (!variable.dirty) {
        variable.dirty = true;
        this.dirtyVariables.add(variableId);
      }
      for (const runtime of variable.asFirst) {
        const { constant, varTwoId } = runtime.rule;
        const threshold = varTwoId === null ? constant : (this.variables.get(varTwoId)?.value ?? null);
        if (threshold === null) continue;
        this.step(runtime, ts, value, threshold);
        evaluations += 1;
      }
      for (const runtime of variable.asSecond) {
        const left = this.variables.get(runtime.rule.varOneId)?.value ?? null;
        if (left === null) continue;
        this.step(runtime, ts, left, value);
        evaluations += 1;
      }
    }
    return { points: points.length, evaluations, skipped };
  }

  /** Takes what changed since the previous checkpoint. */
  checkpoint(): EngineCheckpoint<R> {
    const watermarks: VariableWatermark[] = [];
    for (const variableId of this.dirtyVariables) {
      const variable = this.variables.get(variableId);
      if (!variable) continue;
      variable.dirty = false;
      watermarks.push({ variableId, ts: variable.ts, value: variable.value });
    }
    this.dirtyVariables.clear();
    const counts: DayCounts[] = [];
    const ruleStates = new Map<number, number | null>();
    for (const runtime of this.dirtyRules) {
      const ruleId = runtime.rule.id;
      if (runtime.countsDirty) {
        if (runtime.evaluations > 0) {
          counts.push({
            ruleId,
            day: runtime.day,
            evaluations: runtime.evaluations,
            activations: runtime.activations,
          });
        }
        for (const [day, [evaluations, activations]] of runtime.otherDays ?? []) {
          counts.push({ ruleId, day, evaluations, activations });
        }
        runtime.evaluations = 0;
        runtime.activations = 0;
        runtime.otherDays = null;
        runtime.countsDirty = false;
      }
      if (runtime.stateDirty) {
        ruleStates.set(ruleId, runtime.conditionSince);
        runtime.stateDirty = false;
      }
    }
    this.dirtyRules.clear();
    for (const ruleId of this.stateResets) ruleStates.set(ruleId, null);
    this.stateResets = [];
    const transitions = this.transitions;
    this.transitions = [];
    return {
      watermarks,
      counts,
      ruleStates: [...ruleStates].map(([ruleId, conditionSince]) => ({ ruleId, conditionSince })),
      transitions,
    };
  }

  private step(runtime: RuleRuntime<R>, at: number, left: number, right: number): void {
    const active = runtime.compare.holds(left, right);
    this.count(runtime, at, active);
    if (active) {
      if (runtime.conditionSince === null) this.setConditionSince(runtime, at);
      const since = runtime.conditionSince as number;
      if (runtime.openedAt === null && at - since >= runtime.minDurationMs) {
        runtime.openedAt = since;
        this.transitions.push({
          type: 'opened',
          rule: runtime.rule,
          openedAt: since,
          closedAt: null,
          at,
          value: left,
          threshold: right,
        });
      }
      return;
    }
    if (runtime.conditionSince !== null) this.setConditionSince(runtime, null);
    if (runtime.openedAt !== null && runtime.compare.clears(left, right)) {
      this.close(runtime, at, left, right);
    }
  }

  private close(runtime: RuleRuntime<R>, at: number, value: number, threshold: number): void {
    const openedAt = runtime.openedAt as number;
    runtime.openedAt = null;
    // With two inputs on different partitions a point may be older than the opening: never close before it.
    const closedAt = Math.max(at, openedAt);
    this.transitions.push({ type: 'closed', rule: runtime.rule, openedAt, closedAt, at, value, threshold });
  }

  private setConditionSince(runtime: RuleRuntime<R>, since: number | null): void {
    runtime.conditionSince = since;
    runtime.stateDirty = true;
    this.dirtyRules.add(runtime);
  }

  private count(runtime: RuleRuntime<R>, at: number, active: boolean): void {
    const day = Math.floor(at / DAY_MS);
    if (!runtime.countsDirty) {
      runtime.countsDirty = true;
      runtime.day = day;
      this.dirtyRules.add(runtime);
    }
    if (day === runtime.day) {
      runtime.evaluations += 1;
      if (active) runtime.activations += 1;
      return;
    }
    const otherDays = (runtime.otherDays ??= new Map());
    const counts = otherDays.get(day);
    if (counts) {
      counts[0] += 1;
      if (active) counts[1] += 1;
    } else {
      otherDays.set(day, [1, active ? 1 : 0]);
    }
  }

  private thresholdOf(runtime: RuleRuntime<R>): number | null {
    const { constant, varTwoId } = runtime.rule;
    return varTwoId === null ? constant : (this.variables.get(varTwoId)?.value ?? null);
  }

  private variable(variableId: number, startAt: number): VariableRuntime<R> {
    let variable = this.variables.get(variableId);
    if (!variable) {
      variable = { ts: startAt, value: null, dirty: false, asFirst: [], asSecond: [] };
      this.variables.set(variableId, variable);
    }
    return variable;
  }

  private detachRule(runtime: RuleRuntime<R>): void {
    // Still in dirtyRules if it has counts or state to save: the next checkpoint takes them.
    this.rules.delete(runtime.rule.id);
    const { varOneId, varTwoId } = runtime.rule;
    this.detach(varOneId, runtime, 'asFirst');
    if (varTwoId !== null) this.detach(varTwoId, runtime, 'asSecond');
  }

  private detach(variableId: number, runtime: RuleRuntime<R>, role: 'asFirst' | 'asSecond'): void {
    const variable = this.variables.get(variableId);
    if (!variable) return;
    variable[role] = variable[role].filter((candidate) => candidate !== runtime);
    if (variable.asFirst.length === 0 && variable.asSecond.length === 0) {
      this.variables.delete(variableId);
      this.dirtyVariables.delete(variableId);
    }
  }
}
