import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  Authorities,
  EVOLUTION_DAYS,
  IncidenceMessages,
  type ClosedSummariesQuery,
  type CurrentStatusAssetDto,
  type DayEvolutionDto,
  type HistoricIncidenceRowDto,
  type IncidenceListQuery,
  type IncidenceStatus,
  type IncidenceSummaryV1Dto,
  type IncidenceSummaryV2Dto,
  type IncidenceSummaryV2PageDto,
  type PagedListDto,
  type StatusChangeDto,
} from '@plantlens/contracts';
import type { AuthenticatedUser } from '@plantlens/platform';
import { DayCountRepository } from '../engine/day-count.repository';
import { RuleService, variableIdsOf } from '../rule/rule.service';
import { AssetRepository, type AssetRow } from '../current-status/asset.repository';
import { IncidenceRepository, type DayRow, type StatusRow, type SummaryRow } from './incidence.repository';

const DAY_MS = 86_400_000;
const byName = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

// Who sees the Origin column (spec part 2 §6): superadmin and the product group; v1 (and the historic
// table, of the same generation) also INCIDENCEORIGEN.
const ORIGIN_V2 = [Authorities.superAdmin, Authorities.product];
const ORIGIN_V1 = [...ORIGIN_V2, Authorities.incidenceOrigin];

interface Page<T> {
  rows: T[];
  totalItems: number;
  totalPages: number;
  currentPage: number;
}

// Incidence summaries: the openings of one rule from the first until someone resolves them. A user sees
// the summaries of the rules he may read and handles (status, resolve, switch the rule) those he may edit.
@Injectable()
export class IncidenceService {
  constructor(
    private readonly incidences: IncidenceRepository,
    private readonly assets: AssetRepository,
    private readonly rules: RuleService,
    private readonly dayCounts: DayCountRepository,
  ) {}

  async listV2(user: AuthenticatedUser, query: IncidenceListQuery): Promise<IncidenceSummaryV2PageDto> {
    const page = await this.openSummaries(user, query);
    const details = await this.details(page.rows);
    const origin = mayOrigin(user, ORIGIN_V2);
    return {
      data: page.rows.map((row) => toV2(row, details, origin)),
      pagination: { totalPages: page.totalPages, currentPage: page.currentPage, totalItems: page.totalItems },
    };
  }

  async listV1(
    user: AuthenticatedUser,
    query: IncidenceListQuery,
  ): Promise<PagedListDto<IncidenceSummaryV1Dto>> {
    const page = await this.openSummaries(user, query);
    const details = await this.details(page.rows);
    const origin = mayOrigin(user, ORIGIN_V1);
    return {
      data: page.rows.map((row) => {
        const v2 = toV2(row, details, origin);
        return {
          id: row.id,
          name: row.ruleName,
          ruleId: row.ruleId,
          firstActivation: iso(row.firstActivation),
          lastActivation: iso(row.lastActivation),
          gravity: row.gravity,
          numberOfRealActivations: row.openings,
          origin: v2.origin,
          enabled: row.enabled,
          canEdit: row.canEdit,
          status: row.status,
          statusChanges: statusChanges(details.history.get(row.id) ?? []),
          dayEvaluations: v2.evolutionLast30Days.map((day) => ({
            date: day.date.map((part, i) => String(part).padStart(i === 0 ? 4 : 2, '0')).join('-'),
            evaluations: day.totalEvaluations,
            activations: day.activations,
          })),
        };
      }),
      totalPages: page.totalPages,
      currentPage: page.currentPage,
      count: page.totalItems,
    };
  }

  async closedSummaries(
    user: AuthenticatedUser,
    query: ClosedSummariesQuery,
  ): Promise<PagedListDto<HistoricIncidenceRowDto>> {
    await this.dayCounts.fold();
    const rows = await this.readable(
      user,
      await this.incidences.summaries({
        resolved: true,
        tags: query.filterTags,
        text: query.filter,
        range: { from: query.beginDate, to: query.endDate },
      }),
    );
    rows.sort((a, b) => b.lastActivation - a.lastActivation || b.id - a.id);
    const page = paginate(rows, query.page, query.pageSize);
    const history = groupBy(
      await this.incidences.statusHistory(page.rows.map((row) => row.id)),
      (s) => s.summaryId,
    );
    const origin = mayOrigin(user, ORIGIN_V1);
    return {
      data: page.rows.map((row) => ({
        id: row.id,
        name: row.ruleName,
        ruleId: row.ruleId,
        numberOfRealActivations: row.openings,
        origin: origin ? originOf(row) : null,
        firstActivation: iso(row.firstActivation),
        lastActivation: iso(row.lastActivation),
        statusChanges: statusChanges(history.get(row.id) ?? []),
        variableIds: variableIdsOf(row),
      })),
      totalPages: page.totalPages,
      currentPage: page.currentPage,
      count: page.totalItems,
    };
  }

  /** Adds a status to an unresolved summary's history; the same status again changes nothing. */
  async changeStatus(user: AuthenticatedUser, id: number, status: IncidenceStatus): Promise<void> {
    const summary = await this.editable(user, id);
    if (summary.resolved) throw new ConflictException(IncidenceMessages.resolvedUnchangeable);
    const history = await this.incidences.statusHistory([id]);
    if (history.at(-1)?.status === status) return;
    await this.incidences.addStatus(id, status, user.id);
  }

  async resolve(user: AuthenticatedUser, id: number): Promise<void> {
    await this.editable(user, id);
    if (!(await this.incidences.resolve(id, user.id)))
      throw new ConflictException(IncidenceMessages.resolvedUnchangeable);
  }

  /** Switches the rule of the summaries on or off. */
  manage(user: AuthenticatedUser, ruleId: number, enabled: boolean): Promise<void> {
    return this.rules.change(user, ruleId, { enabled });
  }

  // The map's assets with the unresolved summaries of readable rules on each; a parent counts its subtree.
  async currentStatus(user: AuthenticatedUser): Promise<CurrentStatusAssetDto[]> {
    const [assets, summaries] = await Promise.all([
      this.assets.list(),
      this.incidences.summaries({ resolved: false, tags: [] }),
    ]);
    const rows = await this.readable(user, summaries);
    const ancestors = ancestorsOf(assets);
    const counts = new Map<number, number>(assets.map((asset) => [asset.id, 0]));
    for (const row of rows) {
      if (row.assetId === null) continue;
      for (const assetId of ancestors(row.assetId)) counts.set(assetId, (counts.get(assetId) ?? 0) + 1);
    }
    return assets.map((asset) => ({ ...asset, count: counts.get(asset.id) ?? 0 }));
  }

  private async openSummaries(
    user: AuthenticatedUser,
    query: IncidenceListQuery,
  ): Promise<Page<AccessibleSummary>> {
    // Gravity and the evolution strip read the day counts: the latest checkpoints' first.
    await this.dayCounts.fold();
    let rows = await this.readable(
      user,
      await this.incidences.summaries({ resolved: false, tags: query.filterTags, text: query.filter }),
    );
    if (query.filterStatus) rows = rows.filter((row) => row.status === query.filterStatus);
    if (query.lastActivationFiltered) {
      const since = Date.now() - EVOLUTION_DAYS * DAY_MS;
      rows = rows.filter((row) => row.lastActivation >= since);
    }
    if (query.filterAssets.length > 0) {
      const ancestors = ancestorsOf(await this.assets.list());
      const wanted = new Set(query.filterAssets);
      rows = rows.filter(
        (row) => row.assetId !== null && ancestors(row.assetId).some((id) => wanted.has(id)),
      );
    }
    const sign = query.sortOrder === 'asc' ? 1 : -1;
    const key = SORT_KEYS[query.sortField];
    rows.sort((a, b) => sign * key(a, b) || b.id - a.id);
    return paginate(rows, query.page, query.pageSize);
  }

  // The rows of rules the user may read, each marked with whether he may handle it.
  private async readable(user: AuthenticatedUser, rows: SummaryRow[]): Promise<AccessibleSummary[]> {
    const { readable, editable } = await this.rules.accessTo(
      user,
      rows.map((row) => ({ id: row.ruleId, source: row.source })),
    );
    return rows
      .filter((row) => readable.has(row.ruleId))
      .map((row) => ({ ...row, canEdit: editable.has(row.ruleId) }));
  }

  private async editable(user: AuthenticatedUser, id: number) {
    const summary = await this.incidences.summary(id);
    if (!summary) throw new NotFoundException(IncidenceMessages.notFound);
    const { rights } = await this.rules.readable(user, summary.ruleId).catch(() => {
      throw new NotFoundException(IncidenceMessages.notFound);
    });
    if (!rights.canEdit) throw new ForbiddenException(IncidenceMessages.editForbidden);
    return summary;
  }

  private async details(rows: SummaryRow[]) {
    const today = Math.floor(Date.now() / DAY_MS);
    const firstDay = today - EVOLUTION_DAYS + 1;
    const [history, days] = await Promise.all([
      this.incidences.statusHistory(rows.map((row) => row.id)),
      this.incidences.days(
        [...new Set(rows.map((row) => row.ruleId))],
        new Date(firstDay * DAY_MS).toISOString().slice(0, 10),
      ),
    ]);
    return { history: groupBy(history, (s) => s.summaryId), days: groupBy(days, (d) => d.ruleId), firstDay };
  }
}

type AccessibleSummary = SummaryRow & { canEdit: boolean };

const SORT_KEYS: Record<IncidenceListQuery['sortField'], (a: SummaryRow, b: SummaryRow) => number> = {
  gravity: (a, b) => a.gravity - b.gravity,
  name: (a, b) => byName.compare(a.ruleName, b.ruleName),
  firstActivation: (a, b) => a.firstActivation - b.firstActivation,
  lastActivation: (a, b) => a.lastActivation - b.lastActivation,
  totalActivations: (a, b) => a.openings - b.openings,
  status: (a, b) => a.status.localeCompare(b.status),
};

function toV2(
  row: AccessibleSummary,
  details: { history: Map<number, StatusRow[]>; days: Map<number, DayRow[]>; firstDay: number },
  origin: boolean,
): IncidenceSummaryV2Dto {
  const history = details.history.get(row.id) ?? [];
  return {
    id: row.id,
    rule: { id: row.ruleId, name: row.ruleName, isEnabled: row.enabled, canEdit: row.canEdit },
    firstActivationDate: seconds(row.firstActivation),
    lastActivationDate: seconds(row.lastActivation),
    gravityPercent: Math.round(row.gravity * 10_000) / 100,
    totalActivations: row.openings,
    origin: origin ? originOf(row) : null,
    status: row.status,
    historicStatus: history.map((s) => ({ status: s.status, date: seconds(s.changedAt), userId: s.userId })),
    evolutionLast30Days: evolution(details.days.get(row.ruleId) ?? [], details.firstDay),
    variableIds: variableIdsOf(row),
    open: row.open,
  };
}

// One entry per day of the strip, days without evaluations included.
function evolution(days: DayRow[], firstDay: number): DayEvolutionDto[] {
  const byDay = new Map(days.map((day) => [day.day, day]));
  return Array.from({ length: EVOLUTION_DAYS }, (_, index) => {
    const date = new Date((firstDay + index) * DAY_MS);
    const day = byDay.get(date.toISOString().slice(0, 10));
    const evaluations = day?.evaluations ?? 0;
    const activations = day?.activations ?? 0;
    return {
      date: [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()],
      ratio: evaluations > 0 ? activations / evaluations : 0,
      activations,
      totalEvaluations: evaluations,
    };
  });
}

// The rule's condition in words: variable names with their client references; a source's asset and code.
function originOf(row: SummaryRow): string {
  if (row.source) return `${row.source.asset} failure code ${row.operator} ${row.source.errorCode}`;
  const second = row.varTwoId === null ? String(row.constant) : `${row.varTwoLabel} (${row.varTwoReference})`;
  return `${row.varOneLabel} (${row.varOneReference}) ${row.operator} ${second}`;
}

function statusChanges(history: StatusRow[]): StatusChangeDto[] {
  return history.map((s) => ({ status: s.status, offsetDateTime: iso(s.changedAt), userId: s.userId }));
}

function mayOrigin(user: AuthenticatedUser, authorities: readonly string[]): boolean {
  return user.authorities.some((authority) => authorities.includes(authority));
}

function ancestorsOf(assets: AssetRow[]): (assetId: number) => number[] {
  const parents = new Map(assets.map((asset) => [asset.id, asset.parentId]));
  return (assetId) => {
    const chain: number[] = [];
    for (
      let id: number | null | undefined = assetId;
      id != null && !chain.includes(id);
      id = parents.get(id)
    ) {
      chain.push(id);
    }
    return chain;
  };
}

function paginate<T>(rows: T[], page: number, pageSize: number): Page<T> {
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  return {
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
    totalItems: rows.length,
    totalPages,
    currentPage: page,
  };
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const list = groups.get(key(item)) ?? [];
    list.push(item);
    groups.set(key(item), list);
  }
  return groups;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const iso = (ms: number) => new Date(ms).toISOString();
