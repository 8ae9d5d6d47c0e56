import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import {
  Authorities,
  batchRuleName,
  RULE_MAX_PER_REQUEST,
  ruleFormula,
  RuleMessages,
  type ObjectAccessDto,
  type RuleCreateItem,
  type RuleIncidenceDto,
  type RuleUpdate,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import { IdentityClient, type AuthenticatedUser } from '@plantlens/platform';
import { RuleHistoryService } from '../dry-run/rule-history.service';
import { EngineShard } from '../engine/engine-shard';
import { OutboxService } from '../outbox/outbox.service';
import { RuleRepository, type NewRule, type RuleChanges, type RuleRow } from './rule.repository';
import { VariableCatalogClient } from './variable-catalog.client';

export const INCIDENCE_OBJECT = 'incidence';
const OWNER_REGISTRATIONS_AT_ONCE = 20;

export interface ReadableRule {
  row: RuleRow;
  rights: ObjectAccessDto;
}

/** What the rights of a rule depend on besides identity's rows. */
export type RuleRef = Pick<RuleRow, 'id' | 'source'>;

// Incidence rules and who may do what with them (identity, object type `incidence`):
//   read   — listed, opened, its incidences seen: owner, administrators, users shared with;
//   edit   — rename, switch on/off, e-mails, handle its incidences: owner, administrators, rows with edit;
//   share  — manage its permission rows (through identity's Permissions screen);
//   delete — the owner and administrators.
// A rule the caller may not read answers 404, as if it did not exist.
// Asset-alarm sources have no owner: every user with feature Incidence reads them (valve failures are the
// plant's, like the valve screens); administrators — and whoever they share edit with — handle them.
@Injectable()
export class RuleService {
  private readonly logger = new Logger('Rules');

  constructor(
    private readonly rules: RuleRepository,
    private readonly identity: IdentityClient,
    private readonly variables: VariableCatalogClient,
    private readonly outbox: OutboxService,
    private readonly shard: EngineShard,
    private readonly history: RuleHistoryService,
  ) {}

  /** The rules the user may read, newest first. */
  async list(user: AuthenticatedUser, tags: string[]): Promise<RuleIncidenceDto[]> {
    const readable = await this.readableOf(user, await this.rules.findAll(tags));
    return readable
      .sort((a, b) => b.row.createdAt.getTime() - a.row.createdAt.getTime() || b.row.id - a.row.id)
      .map(({ row, rights }) => toDto(row, rights, user));
  }

  /** The given rules that the user may read, with his rights. */
  async readableOf(user: AuthenticatedUser, rows: RuleRow[]): Promise<ReadableRule[]> {
    const rights = await this.rightsOf(user, rows);
    return rows.flatMap((row) => {
      const entry = rights.get(row.id);
      return entry?.canRead ? [{ row, rights: entry }] : [];
    });
  }

  /** Which of the rules the user may read, and which of those edit. */
  async accessTo(
    user: AuthenticatedUser,
    rules: RuleRef[],
  ): Promise<{ readable: Set<number>; editable: Set<number> }> {
    const rights = await this.rightsOf(user, rules);
    const readable = rules.map((rule) => rule.id).filter((id) => rights.get(id)?.canRead);
    return {
      readable: new Set(readable),
      editable: new Set(readable.filter((id) => rights.get(id)?.canEdit)),
    };
  }

  private async rightsOf(user: AuthenticatedUser, rules: RuleRef[]): Promise<Map<number, ObjectAccessDto>> {
    if (rules.length === 0) return new Map();
    const sources = new Set(rules.filter((rule) => rule.source !== null).map((rule) => rule.id));
    const ids = [...new Set(rules.map((rule) => rule.id))];
    const access = await this.identity.access(INCIDENCE_OBJECT, ids, user.id);
    return new Map(
      access.map((entry) => [
        entry.objectId,
        sources.has(entry.objectId) ? { ...entry, canRead: true } : entry,
      ]),
    );
  }

  async get(user: AuthenticatedUser, id: number): Promise<RuleIncidenceDto> {
    const { row, rights } = await this.readable(user, id);
    return toDto(row, rights, user);
  }

  async variableIds(user: AuthenticatedUser, id: number): Promise<number[]> {
    const { row } = await this.readable(user, id);
    return variableIdsOf(row);
  }

  async owner(user: AuthenticatedUser, id: number): Promise<string> {
    const { rights } = await this.readable(user, id);
    return rights.ownerName ?? '';
  }

  /** Creates single rules and batches (one rule per variable); the caller owns them all. */
  async create(
    user: AuthenticatedUser,
    accessToken: string,
    items: RuleCreateItem[],
  ): Promise<RuleIncidenceDto[]> {
    if (items.reduce((total, item) => total + firstOperands(item).length, 0) > RULE_MAX_PER_REQUEST) {
      throw new BadRequestException(RuleMessages.tooMany);
    }
    const variableIds = [
      ...new Set(
        items.flatMap((item) => [...firstOperands(item), ...(item.varTwoId ? [item.varTwoId] : [])]),
      ),
    ];
    const found = await this.variables.known(accessToken, variableIds);
    const variable = (id: number) => found.get(id) as VariableMinimalDto;
    const rules: NewRule[] = items.flatMap((item) => {
      const batch = item.varOneIds !== undefined;
      const second = item.varTwoId ? variable(item.varTwoId) : undefined;
      return firstOperands(item).map((varOneId) => {
        const first = variable(varOneId);
        return {
          name: batch ? batchRuleName(item.name, first) : item.name,
          // A rule with history goes live once its history is evaluated.
          enabled: item.historyFrom === undefined && item.enabled,
          operator: item.operator,
          varOneId,
          varTwoId: second?.id ?? null,
          constant: second ? null : (item.constant ?? null),
          minDurationSeconds: item.minDurationSeconds,
          deadband: item.deadband,
          emails: item.emails,
          tags: item.tags,
          varOneLabel: first.label ?? first.clientReference,
          varOneReference: first.clientReference,
          varOneUnit: first.unit,
          varTwoLabel: second ? (second.label ?? second.clientReference) : null,
          varTwoReference: second?.clientReference ?? null,
        };
      });
    });
    const ids = await this.rules.insertMany(rules, this.shard.owner);
    try {
      // A few at a time: a batch may hold hundreds of rules.
      for (let start = 0; start < ids.length; start += OWNER_REGISTRATIONS_AT_ONCE) {
        await Promise.all(
          ids
            .slice(start, start + OWNER_REGISTRATIONS_AT_ONCE)
            .map((id) => this.identity.registerOwner(INCIDENCE_OBJECT, id, user.id)),
        );
      }
      await this.evaluateHistories(accessToken, items, ids);
    } catch (error) {
      // Rules nobody owns could be seen by administrators only, and a failed history would leave a rule
      // half evaluated: undo them and report the failure.
      for (const id of ids) await this.rules.delete(id, this.shard.owner);
      this.outbox.drainSoon();
      throw error;
    }
    this.outbox.drainSoon();
    const created = await this.readableOf(user, await this.rules.findByIds(ids));
    return created.map(({ row, rights }) => toDto(row, rights, user));
  }

  // Rules created "from" a past instant: their history evaluated, then switched on if asked (`ids` are in
  // the order of the items' rules).
  private async evaluateHistories(
    accessToken: string,
    items: RuleCreateItem[],
    ids: number[],
  ): Promise<void> {
    const itemOfEachRule = items.flatMap((item) => firstOperands(item).map(() => item));
    for (const [index, item] of itemOfEachRule.entries()) {
      const id = ids[index] as number;
      if (item.historyFrom === undefined) continue;
      await this.history.evaluate(accessToken, id, item.historyFrom);
      if (item.enabled) await this.rules.update(id, { enabled: true }, this.shard.owner);
    }
  }

  async update(user: AuthenticatedUser, changes: RuleUpdate): Promise<RuleIncidenceDto> {
    await this.change(user, changes.id, {
      name: changes.name,
      enabled: changes.enabled,
      emails: changes.emails,
      tags: changes.tags,
    });
    return this.get(user, changes.id);
  }

  /** Name, enabled, e-mails or tags; needs edit on the rule. */
  async change(user: AuthenticatedUser, id: number, changes: RuleChanges): Promise<void> {
    const { rights } = await this.readable(user, id);
    if (!rights.canEdit) throw new ForbiddenException(RuleMessages.editForbidden);
    if (!(await this.rules.update(id, changes, this.shard.owner)))
      throw new NotFoundException(RuleMessages.notFound);
    this.outbox.drainSoon();
  }

  async delete(user: AuthenticatedUser, id: number): Promise<void> {
    const { rights } = await this.readable(user, id);
    if (!canDelete(rights, user)) throw new ForbiddenException(RuleMessages.deleteForbidden);
    await this.rules.delete(id, this.shard.owner);
    this.outbox.drainSoon();
    try {
      await this.identity.deleteObject(INCIDENCE_OBJECT, id);
    } catch (error) {
      // The rule is gone; rows left behind name an id never handed out again, so they grant nothing.
      this.logger.warn(
        `Permissions of deleted rule ${id} not removed: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  async readable(user: AuthenticatedUser, id: number): Promise<ReadableRule> {
    const row = await this.rules.findById(id);
    const [readable] = row ? await this.readableOf(user, [row]) : [];
    if (!readable) throw new NotFoundException(RuleMessages.notFound);
    return readable;
  }
}

function firstOperands(item: RuleCreateItem): number[] {
  return item.varOneIds ?? (item.varOneId === undefined ? [] : [item.varOneId]);
}

export function variableIdsOf(row: Pick<RuleRow, 'varOneId' | 'varTwoId'>): number[] {
  return [row.varOneId, row.varTwoId].filter((id) => id !== null);
}

function canDelete(rights: ObjectAccessDto, user: AuthenticatedUser): boolean {
  return rights.owner || user.authorities.includes(Authorities.admin);
}

function toDto(row: RuleRow, rights: ObjectAccessDto, user: AuthenticatedUser): RuleIncidenceDto {
  // An asset-alarm source has no variable: 0 in the DTO (contracts).
  const varOneId = row.varOneId ?? 0;
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    operator: row.operator,
    varOneId,
    varTwoId: row.varTwoId,
    varOneIds: variableIdsOf(row),
    constant: row.constant,
    minDurationSeconds: row.minDurationSeconds,
    deadband: row.deadband,
    formula: ruleFormula({ ...row, varOneId }),
    emails: row.emails.join(', '),
    createdAt: Math.floor(row.createdAt.getTime() / 1000),
    tags: row.tags,
    owner: rights.ownerName,
    canEdit: rights.canEdit,
    canDelete: canDelete(rights, user),
    canShare: rights.canShare,
    source: row.source,
  };
}
