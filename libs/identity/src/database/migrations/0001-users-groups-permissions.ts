import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity.app_user (
      id integer generated always as identity primary key,
      name text not null unique check (name ~ '^[a-z0-9._-]+$'),
      email text,
      admin boolean not null default false,
      enabled boolean not null default true,
      super_admin boolean not null default false,
      directory_id text unique,
      password_hash text,
      created_at timestamptz not null default now()
    )`.execute(db);
  // At most one super admin.
  await sql`create unique index app_user_one_super_admin on identity.app_user (super_admin) where super_admin`.execute(
    db,
  );
  await sql`
    create table identity.app_group (
      id integer generated always as identity primary key,
      name text not null,
      parent_id integer references identity.app_group (id)
    )`.execute(db);
  await sql`create unique index app_group_name on identity.app_group (lower(name))`.execute(db);
  // Exactly one root: the only group without a parent.
  await sql`create unique index app_group_one_root on identity.app_group ((parent_id is null)) where parent_id is null`.execute(
    db,
  );
  await sql`insert into identity.app_group (name, parent_id) values ('root', null)`.execute(db);
  await sql`
    create table identity.user_group (
      user_id integer not null references identity.app_user (id) on delete cascade,
      group_id integer not null references identity.app_group (id) on delete cascade,
      primary key (user_id, group_id)
    )`.execute(db);
  await sql`create index user_group_group on identity.user_group (group_id)`.execute(db);
  await sql`
    create table identity.group_permission (
      group_id integer not null references identity.app_group (id) on delete cascade,
      flag text not null,
      primary key (group_id, flag)
    )`.execute(db);
  await sql`
    create table identity.refresh_token (
      token_hash text primary key,
      family_id uuid not null,
      user_id integer not null references identity.app_user (id) on delete cascade,
      expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index refresh_token_family on identity.refresh_token (family_id)`.execute(db);
  await sql`create index refresh_token_user on identity.refresh_token (user_id)`.execute(db);
  // ACLs of objects that live in other services (rules, aggregate variables, queries, incidence rules).
  await sql`
    create table identity.object_permission (
      object_type text not null check (object_type in ('rule', 'variable', 'query', 'incidence')),
      object_id integer not null,
      target_type text not null check (target_type in ('user', 'group')),
      target_id integer not null,
      can_read boolean not null default true check (can_read),
      can_edit boolean not null default false,
      can_share boolean not null default false,
      primary key (object_type, object_id, target_type, target_id)
    )`.execute(db);
  await sql`create index object_permission_target on identity.object_permission (target_type, target_id)`.execute(
    db,
  );
  await sql`
    create table identity.object_owner (
      object_type text not null,
      object_id integer not null,
      owner_id integer not null references identity.app_user (id),
      primary key (object_type, object_id)
    )`.execute(db);
}
