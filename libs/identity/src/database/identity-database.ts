import type { ColumnType, Generated, Kysely } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  admin: boolean;
  enabled: boolean;
  super_admin: Generated<boolean>;
  directory_id: string | null;
  /** argon2id PHC string; null for directory-only users */
  password_hash: string | null;
  /** bumped when the user's sessions end (access tokens carry it) */
  session_version: Generated<number>;
  created_at: ColumnType<Date, never, never>;
}

export interface GroupTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
}

export interface UserGroupTable {
  user_id: number;
  group_id: number;
}

export interface GroupPermissionTable {
  group_id: number;
  flag: string;
}

export interface RefreshTokenTable {
  /** SHA-256 (hex) of the token; the token itself is never stored */
  token_hash: string;
  family_id: string;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

export interface SignInFailureTable {
  /** SHA-256 (hex) of the throttling key; typed user names are never stored */
  key: string;
  failures: number;
  last_failure_at: Date;
}

export interface SignInFlowTable {
  /** SHA-256 (hex) of the flow's state parameter */
  state_hash: string;
  code_verifier: string;
  nonce: string;
  expires_at: Date;
}

export interface ObjectPermissionTable {
  object_type: string;
  object_id: number;
  target_type: string;
  target_id: number;
  can_read: Generated<boolean>;
  can_edit: boolean;
  can_share: boolean;
}

export interface ObjectOwnerTable {
  object_type: string;
  object_id: number;
  owner_id: number;
}

export interface IdentityDatabase {
  'identity.app_user': UserTable;
  'identity.app_group': GroupTable;
  'identity.user_group': UserGroupTable;
  'identity.group_permission': GroupPermissionTable;
  'identity.refresh_token': RefreshTokenTable;
  'identity.sign_in_failure': SignInFailureTable;
  'identity.sign_in_flow': SignInFlowTable;
  'identity.object_permission': ObjectPermissionTable;
  'identity.object_owner': ObjectOwnerTable;
}

export type IdentityDb = Kysely<IdentityDatabase>;

export const IDENTITY_SCHEMA = 'identity';
export const ROOT_GROUP_NAME = 'root';
