import {
  BadGatewayException,
  HttpException,
  Inject,
  Injectable,
  ServiceUnavailableException,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  AuthHeaders,
  BEARER_PREFIX,
  EFFECTIVE_MANY_MAX_IDS,
  type EffectiveManyDto,
  type ObjectAccessDto,
  type ObjectOwnerDto,
  type ObjectType,
  type PermissionRowDto,
  type PermissionType,
  type SessionStateDto,
  type TargetType,
} from '@plantlens/contracts';
import { AuthKeys } from '../auth/auth-keys';
import type { PlatformConfig } from '../config/platform-config';
import { PLATFORM_CONFIG } from '../config/platform-config.module';
import { serviceBaseUrl } from '../http/service-url';

const TIMEOUT_MS = 10_000;

export interface PermissionChange {
  permissionType: PermissionType;
  userOrGroup: TargetType;
  targetId: number;
  /** accept identity's group-overlap warning (409): members below the group's level are raised */
  raiseMembers?: boolean;
}

// The identity service's per-object permission calls, for the services owning the objects (queries,
// rules, aggregate variables). Over HTTP like any other service: at IDENTITY_URL in a cluster, at this
// very process when unset (standalone, where the gateway hosts identity too).
// Calls about an object in general carry the service token; calls a user makes on an object's
// permission rows carry that user's own access token, so identity checks his right to manage them.
@Injectable()
export class IdentityClient {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly keys: AuthKeys,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** What the user may do with each object, and who owns it. */
  async access(objectType: ObjectType, objectIds: number[], userId: number): Promise<ObjectAccessDto[]> {
    const batches: number[][] = [];
    for (let start = 0; start < objectIds.length; start += EFFECTIVE_MANY_MAX_IDS) {
      batches.push(objectIds.slice(start, start + EFFECTIVE_MANY_MAX_IDS));
    }
    const answers = await Promise.all(
      batches.map((batch) => {
        const body: EffectiveManyDto = { userId, objectIds: batch };
        return this.asService('POST', `/api/web/permission/${objectType}/effective`, body);
      }),
    );
    return (answers as ObjectAccessDto[][]).flat();
  }

  /** The objects the user may read, in their order, each with his rights. */
  async readableOf<T extends { id: number }>(
    objectType: ObjectType,
    objects: T[],
    userId: number,
  ): Promise<{ row: T; rights: ObjectAccessDto }[]> {
    const access = await this.access(
      objectType,
      objects.map((object) => object.id),
      userId,
    );
    const rightsById = new Map(access.map((entry) => [entry.objectId, entry]));
    return objects.flatMap((row) => {
      const rights = rightsById.get(row.id);
      return rights?.canRead ? [{ row, rights }] : [];
    });
  }

  /** Registers the creator of a new object as its owner. */
  async registerOwner(objectType: ObjectType, objectId: number, ownerId: number): Promise<void> {
    const body: ObjectOwnerDto = { ownerId };
    await this.asService('PUT', `/api/web/permission/${objectType}/${objectId}/owner`, body);
  }

  /** Drops the owner and every permission row of a deleted object. */
  async deleteObject(objectType: ObjectType, objectId: number): Promise<void> {
    await this.asService('DELETE', `/api/web/permission/${objectType}/${objectId}`);
  }

  permissionRows(
    accessToken: string,
    objectType: ObjectType,
    objectId: number,
    targetType: 'users' | 'groups',
  ): Promise<PermissionRowDto[]> {
    return this.asUser(
      accessToken,
      'GET',
      `/api/web/permission/${objectType}/${objectId}/${targetType}`,
    ) as Promise<PermissionRowDto[]>;
  }

  /** PUT grants, DELETE revokes; identity's answer (row, 403, 404, 409 overlap…) is passed on. */
  changePermission(
    accessToken: string,
    method: 'PUT' | 'DELETE',
    objectType: ObjectType,
    objectId: number,
    change: PermissionChange,
  ): Promise<unknown> {
    const { permissionType, userOrGroup, targetId, raiseMembers } = change;
    const path = `/api/web/permission/${objectType}/${objectId}/${permissionType}/${userOrGroup}/${targetId}`;
    return this.asUser(accessToken, method, raiseMembers ? `${path}?raiseMembers=true` : path);
  }

  /** Whether the user's tokens may still write; undefined for an unknown user. */
  async sessionState(userId: number): Promise<SessionStateDto | undefined> {
    const answer = await this.asService('GET', `/api/web/session/${userId}`, undefined, {
      absentOn404: true,
    });
    return answer as SessionStateDto | undefined;
  }

  private async asService(
    method: string,
    path: string,
    body?: unknown,
    { absentOn404 = false } = {},
  ): Promise<unknown> {
    const response = await this.send(
      method,
      path,
      { [AuthHeaders.serviceToken]: this.keys.serviceToken },
      body,
    );
    if (absentOn404 && response.status === 404) return undefined;
    const answer = await readBody(response);
    // A refusal of the service token or a bad request is this service's fault, not the user's.
    if (!response.ok)
      throw new BadGatewayException(`Identity service answered ${response.status} to ${method} ${path}`);
    return answer;
  }

  private async asUser(accessToken: string, method: string, path: string): Promise<unknown> {
    const response = await this.send(method, path, {
      [AuthHeaders.authorization]: `${BEARER_PREFIX}${accessToken}`,
    });
    const answer = await readBody(response);
    if (!response.ok) throw new HttpException(answer ?? response.statusText, response.status);
    return answer;
  }

  private async send(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Response> {
    const url = `${this.baseUrl()}${path}`;
    try {
      return await fetch(url, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ServiceUnavailableException(
        `The identity service is not reachable (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }

  private baseUrl(): string {
    return serviceBaseUrl(this.config.IDENTITY_URL, this.adapterHost, 'IDENTITY_URL');
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
