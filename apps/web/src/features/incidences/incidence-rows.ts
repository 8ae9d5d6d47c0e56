import type {
  DayEvolutionDto,
  IncidenceStatus,
  IncidenceSummaryV1Dto,
  IncidenceSummaryV2Dto,
} from '@plantlens/contracts';

// One row of the incidence table, from either summary generation (spec §3): the v2 table is for the
// superadmin and product groups, everyone else reads the v1 list. Both tables are this one.
export interface IncidenceRow {
  id: number;
  ruleId: number;
  name: string;
  enabled: boolean;
  /** the user may change the status, resolve and switch the rule */
  canEdit: boolean;
  /** epoch ms */
  firstActivation: number;
  lastActivation: number;
  gravityPercent: number;
  totalActivations: number;
  origin: string | null;
  status: IncidenceStatus;
  /** the last 30 days, oldest first */
  days: DayEvolutionDto[];
  /** the rule's variables; v1 rows do not carry them (the link asks the server) */
  variableIds?: number[];
  open?: boolean;
}

export function v2Row(summary: IncidenceSummaryV2Dto): IncidenceRow {
  return {
    id: summary.id,
    ruleId: summary.rule.id,
    name: summary.rule.name,
    enabled: summary.rule.isEnabled,
    canEdit: summary.rule.canEdit,
    firstActivation: summary.firstActivationDate * 1000,
    lastActivation: summary.lastActivationDate * 1000,
    gravityPercent: summary.gravityPercent,
    totalActivations: summary.totalActivations,
    origin: summary.origin,
    status: summary.status,
    days: summary.evolutionLast30Days,
    variableIds: summary.variableIds,
    open: summary.open,
  };
}

export function v1Row(summary: IncidenceSummaryV1Dto): IncidenceRow {
  return {
    id: summary.id,
    ruleId: summary.ruleId,
    name: summary.name,
    enabled: summary.enabled,
    canEdit: summary.canEdit,
    firstActivation: Date.parse(summary.firstActivation),
    lastActivation: Date.parse(summary.lastActivation),
    gravityPercent: summary.gravity * 100,
    totalActivations: summary.numberOfRealActivations,
    origin: summary.origin,
    status: summary.status,
    days: summary.dayEvaluations.map(({ date, evaluations, activations }) => ({
      date: date.split('-').map(Number) as [number, number, number],
      ratio: evaluations > 0 ? activations / evaluations : 0,
      activations,
      totalEvaluations: evaluations,
    })),
  };
}
