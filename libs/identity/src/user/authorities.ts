import { Authorities, GROUP_PERMISSION_AUTHORITIES, type GroupPermissionFlag } from '@plantlens/contracts';

// A user's authorities (docs/security.md "Security"):
//   super admin           → ROLE_SUPERADMIN, ROLE_ADMIN, ROLE_PLANTLENS
//   admin flag            → ROLE_ADMIN
//   member of the root    → ROLE_PLANTLENS (the product authority)
//   each flag of each of his groups → that flag's authority (features.ts GROUP_PERMISSION_AUTHORITIES)
export function authoritiesOf(
  user: { admin: boolean; superAdmin: boolean },
  groups: { isRoot: boolean; flags: string[] }[],
): string[] {
  const authorities = new Set<string>();
  if (user.superAdmin) {
    authorities.add(Authorities.superAdmin).add(Authorities.admin).add(Authorities.product);
  }
  if (user.admin) authorities.add(Authorities.admin);
  for (const group of groups) {
    if (group.isRoot) authorities.add(Authorities.product);
    for (const flag of group.flags) {
      const authority = GROUP_PERMISSION_AUTHORITIES[flag as GroupPermissionFlag];
      if (authority) authorities.add(authority);
    }
  }
  return [...authorities].sort();
}
