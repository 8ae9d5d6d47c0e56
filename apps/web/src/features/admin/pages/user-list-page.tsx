import {
  AuditOutlined,
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  LockOutlined,
  PlusOutlined,
  SafetyOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import type { UserDto } from '@plantlens/contracts';
import { App, Button, Flex, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import type { UserPermissionIcon } from '../../../config/auth';
import { ROUTES } from '../../../config/routes';
import { canAccessRoute } from '../../../lib/access';
import { useAccount } from '../../../lib/account-api';
import { useWebSettings } from '../../../lib/web-settings';
import { useDeleteUserMutation, useEnableUserMutation, useGetUsersQuery } from '../api';
import { userLabel } from '../user-form-values';

const PERMISSION_ICONS: Record<UserPermissionIcon, ReactNode> = {
  key: <KeyOutlined />,
  lock: <LockOutlined />,
  safety: <SafetyOutlined />,
  audit: <AuditOutlined />,
  solution: <SolutionOutlined />,
};

// Only enabled users other than the super admin can be edited or deleted (spec part 1 §2). A disabled one
// (registered, or deleted) can be enabled, and then edited (features/admin/README.md).
export const isUserEditable = (user: UserDto) => user.enabled && !user.superAdmin;
const isUserEnableable = (user: UserDto) => !user.enabled && !user.superAdmin;

type UserChangeKeys = Record<
  'confirm' | 'done' | 'error',
  `users.${'deleteConfirm' | 'deleted' | 'deleteError' | 'enableConfirm' | 'enabledNow' | 'enableError'}`
>;

export function UserListPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { auth } = useWebSettings();
  const authorities = useAccount().data?.authorities ?? [];
  const users = useGetUsersQuery();
  const [deleteUser] = useDeleteUserMutation();
  const [enableUser] = useEnableUserMutation();
  const label = (user: UserDto) => userLabel(user, auth.directorySignIn);
  // The deployment's own per-user permission screen, when configured and within the admin's reach.
  const customPermission =
    auth.customUserPermission && canAccessRoute(auth.customUserPermission.route, authorities)
      ? auth.customUserPermission
      : undefined;

  // Asks, then runs the change and reports how it went.
  const confirmChange = (
    user: UserDto,
    change: {
      keys: UserChangeKeys;
      okText: string;
      danger?: boolean;
      run: () => Promise<{ error?: unknown }>;
    },
  ) => {
    const name = label(user);
    modal.confirm({
      title: t(change.keys.confirm, { name }),
      okText: change.okText,
      okButtonProps: { danger: change.danger },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const result = await change.run();
        if (result.error) void message.error(t(change.keys.error, { name }));
        else void message.success(t(change.keys.done, { name }));
      },
    });
  };
  const confirmDelete = (user: UserDto) =>
    confirmChange(user, {
      keys: { confirm: 'users.deleteConfirm', done: 'users.deleted', error: 'users.deleteError' },
      okText: t('common.delete'),
      danger: true,
      run: () => deleteUser({ directory: auth.directorySignIn, id: user.id }),
    });
  const confirmEnable = (user: UserDto) =>
    confirmChange(user, {
      keys: { confirm: 'users.enableConfirm', done: 'users.enabledNow', error: 'users.enableError' },
      okText: t('users.enableAction'),
      run: () => enableUser(user.id),
    });

  if (users.isError) return <ApiErrorAlert title={t('users.loadError')} error={users.error} />;
  return (
    <>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3}>{t('routes.UserList')}</Typography.Title>
        <Link to={ROUTES.User}>
          <Button type="primary" icon={<PlusOutlined />}>
            {t('users.add')}
          </Button>
        </Link>
      </Flex>
      <Table<UserDto>
        rowKey="id"
        loading={users.isLoading}
        dataSource={users.data}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          {
            key: 'name',
            title: t('users.name'),
            sorter: (a, b) => label(a).localeCompare(label(b)),
            render: (_, user) => (user.admin ? `${label(user)} (${t('users.adminSuffix')})` : label(user)),
          },
          {
            key: 'status',
            title: t('users.status'),
            render: (_, user) =>
              user.enabled ? <Tag color="green">{t('users.enabled')}</Tag> : <Tag>{t('users.disabled')}</Tag>,
          },
          {
            key: 'actions',
            width: customPermission ? 200 : 160,
            render: (_, user) => (
              <Flex gap={4}>
                {customPermission && (
                  <Link to={`${ROUTES[customPermission.route]}?id=${user.id}`}>
                    <Button
                      type="text"
                      icon={PERMISSION_ICONS[customPermission.icon ?? 'key']}
                      aria-label={t('users.permissions', { name: label(user) })}
                    />
                  </Link>
                )}
                <Link
                  to={`${ROUTES.User}?id=${user.id}`}
                  aria-disabled={!isUserEditable(user)}
                  onClick={(event) => !isUserEditable(user) && event.preventDefault()}
                >
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    disabled={!isUserEditable(user)}
                    aria-label={t('users.edit', { name: label(user) })}
                  />
                </Link>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!isUserEditable(user)}
                  aria-label={t('users.delete', { name: label(user) })}
                  onClick={() => confirmDelete(user)}
                />
                {isUserEnableable(user) && (
                  <Button
                    type="text"
                    icon={<CheckCircleOutlined />}
                    aria-label={t('users.enable', { name: label(user) })}
                    onClick={() => confirmEnable(user)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
    </>
  );
}
