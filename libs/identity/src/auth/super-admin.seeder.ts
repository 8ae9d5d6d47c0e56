import { Inject, Injectable, Logger } from '@nestjs/common';
import { isValidPassword } from '@plantlens/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { randomBytes } from 'node:crypto';
import { GroupRepository } from '../group/group.repository';
import { UserRepository } from '../user/user.repository';
import { PasswordHasher } from './password-hasher.service';

export const SUPER_ADMIN_NAME = 'admin';

// First start: creates the super admin `admin` in the root group. Its password comes from
// SUPERADMIN_PASSWORD, or is generated and printed once — the only secret Plantlens ever logs.
@Injectable()
export class SuperAdminSeeder {
  private readonly logger = new Logger('Identity');

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly users: UserRepository,
    private readonly groups: GroupRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** true when this call created the super admin. */
  async seed(): Promise<boolean> {
    if (await this.users.findSuperAdmin()) return false;
    const generated = this.config.SUPERADMIN_PASSWORD ? undefined : generatePassword();
    const password = this.config.SUPERADMIN_PASSWORD ?? generated ?? generatePassword();
    const root = await this.groups.findRoot();
    const id = await this.users.insert(
      {
        name: SUPER_ADMIN_NAME,
        email: null,
        admin: true,
        enabled: true,
        superAdmin: true,
        directoryId: null,
        passwordHash: await this.hasher.hash(password),
      },
      [root.id],
    );
    // Another replica created it at the same moment.
    if (id === undefined) return false;
    if (generated) {
      this.logger.warn(
        `Created the super admin "${SUPER_ADMIN_NAME}" with the generated password ${generated} — ` +
          'it is shown only this once; sign in and change it.',
      );
    } else {
      this.logger.log(
        `Created the super admin "${SUPER_ADMIN_NAME}" with the password of SUPERADMIN_PASSWORD`,
      );
    }
    return true;
  }
}

function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(15).toString('base64url');
    if (isValidPassword(candidate)) return candidate;
  }
}
