import { Module, type OnModuleInit } from '@nestjs/common';
import { SchemaMigrator, SessionStates } from '@plantlens/platform';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { DirectorySignInService } from './auth/directory-sign-in.service';
import { LoginThrottle } from './auth/login-throttle.service';
import { PasswordHasher } from './auth/password-hasher.service';
import { RefreshTokenRepository } from './auth/refresh-token.repository';
import { SessionController } from './auth/session.controller';
import { SignInFlowRepository } from './auth/sign-in-flow.repository';
import { SuperAdminSeeder } from './auth/super-admin.seeder';
import { TokenService } from './auth/token.service';
import { UserSessionStates } from './auth/user-session-states';
import { IDENTITY_SCHEMA } from './database/identity-database';
import { identityMigrations } from './database/migrations';
import { GroupController } from './group/group.controller';
import { GroupRepository } from './group/group.repository';
import { GroupService } from './group/group.service';
import { ObjectPermissionRepository } from './permission/object-permission.repository';
import { ObjectPermissionService } from './permission/object-permission.service';
import { PermissionController } from './permission/permission.controller';
import { AccountController } from './user/account.controller';
import { DirectoryUserController } from './user/directory-user.controller';
import { UserController } from './user/user.controller';
import { UserRepository } from './user/user.repository';
import { UserService } from './user/user.service';

// Users, groups, sign-in and per-object permissions; owns the PostgreSQL schema "identity".
@Module({
  controllers: [
    AuthController,
    SessionController,
    AccountController,
    UserController,
    DirectoryUserController,
    GroupController,
    PermissionController,
  ],
  providers: [
    UserRepository,
    GroupRepository,
    RefreshTokenRepository,
    SignInFlowRepository,
    ObjectPermissionRepository,
    PasswordHasher,
    LoginThrottle,
    TokenService,
    DirectorySignInService,
    AuthService,
    UserService,
    GroupService,
    ObjectPermissionService,
    SuperAdminSeeder,
    { provide: SessionStates, useClass: UserSessionStates },
  ],
})
export class IdentityModule implements OnModuleInit {
  constructor(
    private readonly migrator: SchemaMigrator,
    private readonly seeder: SuperAdminSeeder,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.migrator.migrate(IDENTITY_SCHEMA, identityMigrations);
    await this.seeder.seed();
  }
}
