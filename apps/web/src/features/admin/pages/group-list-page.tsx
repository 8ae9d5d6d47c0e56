import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import type { GroupDto } from '@plantlens/contracts';
import { App, Button, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { IconLink } from '../../../components/icon-link';
import { ROUTES } from '../../../config/routes';
import { useDeleteGroupMutation, useGetGroupsQuery } from '../api';

const isRoot = (group: GroupDto) => group.parentId === null;

// Groups with their permissions, members, edit and delete; the root group keeps its members and stays.
export function GroupListPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const groups = useGetGroupsQuery();
  const [deleteGroup] = useDeleteGroupMutation();

  const confirmDelete = (group: GroupDto) =>
    modal.confirm({
      title: t('groups.deleteConfirm', { name: group.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const result = await deleteGroup(group.id);
        if (result.error) void message.error(t('groups.deleteError', { name: group.name }));
        else void message.success(t('groups.deleted', { name: group.name }));
      },
    });

  if (groups.isError) return <ApiErrorAlert title={t('groups.loadError')} error={groups.error} />;
  return (
    <>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3}>{t('routes.GroupList')}</Typography.Title>
        <Link to={ROUTES.Group}>
          <Button type="primary" icon={<PlusOutlined />}>
            {t('groups.add')}
          </Button>
        </Link>
      </Flex>
      <Table<GroupDto>
        rowKey="id"
        loading={groups.isLoading}
        dataSource={groups.data}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          {
            key: 'name',
            title: t('groups.name'),
            dataIndex: 'name',
            sorter: (a, b) => a.name.localeCompare(b.name),
          },
          {
            key: 'actions',
            width: 200,
            render: (_, group) => (
              <Flex gap={4}>
                <IconLink
                  to={`${ROUTES.GroupPermissionList}?id=${group.id}`}
                  icon={<KeyOutlined />}
                  label={t('groups.permissions', { name: group.name })}
                />
                <IconLink
                  to={`${ROUTES.GroupUserList}?id=${group.id}`}
                  icon={<TeamOutlined />}
                  label={t('groups.users', { name: group.name })}
                  disabled={isRoot(group)}
                />
                <IconLink
                  to={`${ROUTES.Group}?id=${group.id}`}
                  icon={<EditOutlined />}
                  label={t('groups.edit', { name: group.name })}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={isRoot(group)}
                  aria-label={t('groups.delete', { name: group.name })}
                  onClick={() => confirmDelete(group)}
                />
              </Flex>
            ),
          },
        ]}
      />
    </>
  );
}
