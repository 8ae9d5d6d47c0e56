export * from './identity.module';
export { IDENTITY_SCHEMA, ROOT_GROUP_NAME } from './database/identity-database';
export { SUPER_ADMIN_NAME } from './auth/super-admin.seeder';
