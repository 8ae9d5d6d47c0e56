import type {
  AssignablePermissionNodeDto,
  GroupPermissionFlag,
  GroupPermissionsDto,
} from '@plantlens/contracts';
import { GROUP_PERMISSION_FLAGS } from '@plantlens/contracts';

export interface PermissionTreeNode {
  key: string;
  label: string;
  checkable: boolean;
  children: PermissionTreeNode[];
}

export const isGroupPermissionFlag = (name: string): name is GroupPermissionFlag =>
  (GROUP_PERMISSION_FLAGS as string[]).includes(name);

// The assignable tree as checkable nodes: only permission nodes naming a known flag take a checkbox.
export function permissionTree(nodes: readonly AssignablePermissionNodeDto[]): PermissionTreeNode[] {
  return nodes.map((node) => ({
    key: node.name,
    label: node.label,
    checkable: node.isPermission && !node.isHeader && isGroupPermissionFlag(node.name),
    children: permissionTree(node.children),
  }));
}

export function grantedFlags(permissions: GroupPermissionsDto): GroupPermissionFlag[] {
  return GROUP_PERMISSION_FLAGS.filter((flag) => permissions[flag]);
}

// The PUT body: every flag of the tree, true when checked (flags outside the tree stay unchanged).
export function flagsUpdate(
  tree: readonly PermissionTreeNode[],
  checked: ReadonlySet<string>,
): Partial<Record<GroupPermissionFlag, boolean>> {
  const update: Partial<Record<GroupPermissionFlag, boolean>> = {};
  const visit = (nodes: readonly PermissionTreeNode[]) =>
    nodes.forEach((node) => {
      if (node.checkable && isGroupPermissionFlag(node.key)) update[node.key] = checked.has(node.key);
      visit(node.children);
    });
  visit(tree);
  return update;
}
