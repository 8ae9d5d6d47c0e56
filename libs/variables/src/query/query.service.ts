import { ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  Authorities,
  QueryMessages,
  type ObjectAccessDto,
  type PermissionRowDto,
  type QueryCreate,
  type QueryDto,
  type QueryPermissionChangeParams,
  type QueryUpdate,
} from '@plantlens/contracts';
import { IdentityClient, type AuthenticatedUser } from '@plantlens/platform';
import { QueryRepository, type QueryRow } from './query.repository';

const QUERY = 'query';

// Names compare as people read them: accents and case aside, "Query 2" before "Query 10".
const byName = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

// Saved queries and who may do what with them. The rights come from the identity service:
//   read   — listed and opened: the owner, administrators, and users shared with (directly or by group);
//   edit   — rename, change path or tags: owner, administrators, rows with edit;
//   share  — manage the permission rows: owner, administrators, rows with share;
//   delete — the owner and administrators only (a shared editor may rename, not remove);
//   star   — the owner only: it marks his favourites, which every reader sees listed first.
// A query the caller may not read answers 404, as if it did not exist; one he reads but may not
// change answers 403.
@Injectable()
export class QueryService {
  private readonly logger = new Logger('Queries');

  constructor(
    private readonly queries: QueryRepository,
    private readonly identity: IdentityClient,
  ) {}

  async list(user: AuthenticatedUser, tags: string[]): Promise<QueryDto[]> {
    const readable = await this.identity.readableOf(QUERY, await this.queries.findAll(tags), user.id);
    readable.sort(
      (a, b) =>
        Number(b.row.star) - Number(a.row.star) ||
        byName.compare(a.row.name, b.row.name) ||
        a.row.id - b.row.id,
    );
    return readable.map(({ row, rights }, order) => toDto(row, rights, user, order));
  }

  async create(user: AuthenticatedUser, query: QueryCreate): Promise<QueryDto> {
    const row = await this.queries.insert(query);
    try {
      await this.identity.registerOwner(QUERY, row.id, user.id);
    } catch (error) {
      // A query nobody owns could be seen by administrators only: undo it and report the failure.
      await this.queries.delete(row.id);
      throw error;
    }
    return this.dtoOf(user, row);
  }

  async update(user: AuthenticatedUser, changes: QueryUpdate): Promise<QueryDto> {
    const { row, rights } = await this.readable(user, changes.id);
    if (!rights.canEdit) throw new ForbiddenException(QueryMessages.editForbidden);
    if (changes.star !== row.star && !rights.owner) throw new ForbiddenException(QueryMessages.starOwnerOnly);
    const updated = await this.queries.update(row.id, {
      name: changes.name,
      star: changes.star,
      relativePath: changes.relativePath,
      tags: changes.tags,
    });
    if (!updated) throw new NotFoundException(QueryMessages.notFound);
    return this.dtoOf(user, updated);
  }

  async delete(user: AuthenticatedUser, id: number): Promise<void> {
    const { row, rights } = await this.readable(user, id);
    if (!canDelete(rights, user)) throw new ForbiddenException(QueryMessages.deleteForbidden);
    await this.queries.delete(row.id);
    try {
      await this.identity.deleteObject(QUERY, row.id);
    } catch (error) {
      // The query is gone; rows left behind name an id never handed out again, so they grant nothing.
      this.logger.warn(
        `Permissions of deleted query ${row.id} not removed: ${error instanceof Error ? error.message : error}`,
      );
    }
  }

  async permissionRows(
    user: AuthenticatedUser,
    accessToken: string,
    id: number,
    targetType: 'users' | 'groups',
  ): Promise<PermissionRowDto[]> {
    await this.readable(user, id);
    return this.identity.permissionRows(accessToken, QUERY, id, targetType);
  }

  // Identity checks the caller's right to manage the rows and answers 403 / 404 / 409 itself.
  async changePermission(
    user: AuthenticatedUser,
    accessToken: string,
    method: 'PUT' | 'DELETE',
    params: QueryPermissionChangeParams,
    raiseMembers: boolean,
  ): Promise<unknown> {
    await this.readable(user, params.id);
    return this.identity.changePermission(accessToken, method, QUERY, params.id, {
      permissionType: params.permissionType,
      userOrGroup: params.userOrGroup,
      targetId: params.targetId,
      raiseMembers,
    });
  }

  private async readable(
    user: AuthenticatedUser,
    id: number,
  ): Promise<{ row: QueryRow; rights: ObjectAccessDto }> {
    const row = await this.queries.findById(id);
    const [rights] = row ? await this.identity.access(QUERY, [row.id], user.id) : [];
    if (!row || !rights?.canRead) throw new NotFoundException(QueryMessages.notFound);
    return { row, rights };
  }

  // The row as the list shows it, with its place among the caller's queries.
  private async dtoOf(user: AuthenticatedUser, row: QueryRow): Promise<QueryDto> {
    const listed = (await this.list(user, [])).find((query) => query.id === row.id);
    if (!listed) throw new NotFoundException(QueryMessages.notFound);
    return listed;
  }
}

function canDelete(rights: ObjectAccessDto, user: AuthenticatedUser): boolean {
  return rights.owner || user.authorities.includes(Authorities.admin);
}

function toDto(row: QueryRow, rights: ObjectAccessDto, user: AuthenticatedUser, order: number): QueryDto {
  return {
    id: row.id,
    name: row.name,
    owner: rights.ownerName,
    star: row.star,
    mine: rights.owner,
    order,
    relativePath: row.relativePath,
    tags: row.tags,
    canShare: rights.canShare,
    canEdit: rights.canEdit,
    canDelete: canDelete(rights, user),
  };
}
