import { InfoCircleOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { App, Card, Tooltip, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import { useIdParam } from '../../../lib/use-id-param';
import {
  useGetAssignablePermissionsQuery,
  useGetGroupPermissionsQuery,
  useGetGroupsQuery,
  useUpdateGroupPermissionsMutation,
} from '../api';
import { flagsUpdate, grantedFlags, permissionTree, type PermissionTreeNode } from '../assignable-tree';
import { PageHeading } from '../../../components/page-heading';
import { FormActions } from '../../../components/form-actions';

// Permissions with hover help (spec part 1 §2).
const HELP = ['explorer', 'query', 'rule', 'aggregatevar'] as const;
type HelpKey = (typeof HELP)[number];
const hasHelp = (key: string): key is HelpKey => (HELP as readonly string[]).includes(key);

// The group's permission flags as a tree of checkboxes (/group/permission/list?id=).
export function GroupPermissionListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const groupId = useIdParam();
  const assignable = useGetAssignablePermissionsQuery();
  const permissions = useGetGroupPermissionsQuery(groupId ?? skipToken);
  const group = useGetGroupsQuery().data?.find(({ id }) => id === groupId);
  const [update, { isLoading: saving }] = useUpdateGroupPermissionsMutation();
  const [edited, setEdited] = useState<string[]>();
  const tree = useMemo(() => permissionTree(assignable.data ?? []), [assignable.data]);

  if (assignable.isError || permissions.isError) {
    return (
      <ApiErrorAlert title={t('groupPermissions.loadError')} error={assignable.error ?? permissions.error} />
    );
  }
  if (!assignable.data || !permissions.data || groupId === undefined) return <PageSpinner />;
  const checked = edited ?? grantedFlags(permissions.data);

  // The server names each node; its English label is only the fallback for a name we do not translate.
  const labelOf = (node: PermissionTreeNode) =>
    t(`groupPermissions.node.${node.key}`, { defaultValue: node.label });
  const toTreeData = (nodes: PermissionTreeNode[]): object[] =>
    nodes.map((node) => ({
      key: node.key,
      checkable: node.checkable,
      title: hasHelp(node.key) ? (
        <Tooltip title={t(`groupPermissions.help.${node.key}`)}>
          <span>
            {labelOf(node)} <InfoCircleOutlined />
          </span>
        </Tooltip>
      ) : (
        labelOf(node)
      ),
      children: toTreeData(node.children),
    }));

  const save = async () => {
    const result = await update({ groupId, flags: flagsUpdate(tree, new Set(checked)) });
    if (result.error) void message.error(t('groupPermissions.updateError', { name: group?.name ?? '' }));
    else {
      void message.success(t('groupPermissions.updated', { name: group?.name ?? '' }));
      setEdited(undefined);
    }
  };

  return (
    <Card style={{ maxWidth: 560 }}>
      <PageHeading
        backTo={ROUTES.GroupList}
        title={t('groupPermissions.title', { name: group?.name ?? '' })}
      />
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        selectable={false}
        style={{ marginBlock: 16 }}
        treeData={toTreeData(tree)}
        checkedKeys={checked}
        onCheck={(keys) => setEdited((Array.isArray(keys) ? keys : keys.checked).map(String))}
      />
      <FormActions
        onCancel={() => void navigate(ROUTES.GroupList)}
        saving={saving}
        onSave={() => void save()}
      />
    </Card>
  );
}
