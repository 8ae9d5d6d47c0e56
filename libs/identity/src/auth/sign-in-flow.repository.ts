import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { IdentityDb } from '../database/identity-database';

export interface PendingSignInFlow {
  codeVerifier: string;
  nonce: string;
}

// Started directory sign-ins in PostgreSQL, so that any identity replica can finish a flow another started.
// The state is stored hashed, like refresh tokens: the table alone does not name a flow to finish.
@Injectable()
export class SignInFlowRepository {
  private readonly db: IdentityDb;

  constructor(database: Database) {
    this.db = database.kysely as IdentityDb;
  }

  async start(state: string, flow: PendingSignInFlow, ttlMs: number): Promise<void> {
    // Flows abandoned at the provider are never finished: each new one clears the expired.
    await this.db
      .deleteFrom('identity.sign_in_flow')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute();
    await this.db
      .insertInto('identity.sign_in_flow')
      .values({
        state_hash: hashOf(state),
        code_verifier: flow.codeVerifier,
        nonce: flow.nonce,
        expires_at: sql<Date>`now() + make_interval(secs => ${ttlMs / 1000})`,
      })
      .execute();
  }

  /**
   * The flow of this state, removed in the same statement (single use: of two replicas finishing the same
   * state, one gets it); undefined when unknown, already finished or expired.
   */
  async take(state: string): Promise<PendingSignInFlow | undefined> {
    const row = await this.db
      .deleteFrom('identity.sign_in_flow')
      .where('state_hash', '=', hashOf(state))
      .returning(['code_verifier as codeVerifier', 'nonce', sql<boolean>`expires_at > now()`.as('current')])
      .executeTakeFirst();
    return row?.current ? { codeVerifier: row.codeVerifier, nonce: row.nonce } : undefined;
  }
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');
