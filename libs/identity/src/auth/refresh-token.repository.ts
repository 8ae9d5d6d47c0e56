import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
import type { IdentityDb } from '../database/identity-database';

export interface RefreshTokenRow {
  familyId: string;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

@Injectable()
export class RefreshTokenRepository {
  private readonly db: IdentityDb;

  constructor(database: Database) {
    this.db = database.kysely as IdentityDb;
  }

  async insert(tokenHash: string, familyId: string, userId: number, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('identity.refresh_token')
      .values({ token_hash: tokenHash, family_id: familyId, user_id: userId, expires_at: expiresAt })
      .execute();
  }

  find(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('identity.refresh_token')
      .select([
        'family_id as familyId',
        'user_id as userId',
        'expires_at as expiresAt',
        'used_at as usedAt',
        'revoked_at as revokedAt',
      ])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the token used; false when another request used (or revoked) it first. */
  async markUsed(tokenHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('identity.refresh_token')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('identity.refresh_token')
      .set({ revoked_at: new Date() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeUser(userId: number): Promise<void> {
    await this.db
      .updateTable('identity.refresh_token')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Drops rows expired for a day; their families can no longer be used anyway. */
  async deleteExpired(): Promise<void> {
    await this.db
      .deleteFrom('identity.refresh_token')
      .where('expires_at', '<', new Date(Date.now() - 86_400_000))
      .execute();
  }
}
