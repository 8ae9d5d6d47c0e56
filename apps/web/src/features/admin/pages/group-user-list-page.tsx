import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { GroupMemberDto } from '@plantlens/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { App, Button, Flex, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ROUTES } from '../../../config/routes';
import { useIdParam } from '../../../lib/use-id-param';
import {
  useAddGroupUserMutation,
  useGetGroupUsersQuery,
  useGetGroupsQuery,
  useGetUsersQuery,
  useRemoveGroupUserMutation,
} from '../api';
import { ChooseTargetModal } from '../components/choose-target-modal';
import { PageHeading } from '../../../components/page-heading';

// Members of a group (/group/user/list?id=): add enabled users not yet in it, remove members.
export function GroupUserListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const groupId = useIdParam();
  const [adding, setAdding] = useState(false);
  const members = useGetGroupUsersQuery(groupId ?? skipToken);
  const users = useGetUsersQuery();
  const group = useGetGroupsQuery().data?.find(({ id }) => id === groupId);
  const [addUser] = useAddGroupUserMutation();
  const [removeUser] = useRemoveGroupUserMutation();
  const groupName = group?.name ?? '';

  const memberIds = new Set(members.data?.map(({ id }) => id));
  const candidates = (users.data ?? [])
    .filter(({ enabled, id }) => enabled && !memberIds.has(id))
    .map(({ id, name }) => ({ value: String(id), label: name }));

  const add = async (userId: number, name: string) => {
    setAdding(false);
    if (groupId === undefined) return;
    const result = await addUser({ groupId, userId });
    if (result.error) void message.error(t('groupUsers.addError', { name, group: groupName }));
    else void message.success(t('groupUsers.added', { name, group: groupName }));
  };
  const remove = async (member: GroupMemberDto) => {
    if (groupId === undefined) return;
    const result = await removeUser({ groupId, userId: member.id });
    if (result.error)
      void message.error(t('groupUsers.removeError', { name: member.name, group: groupName }));
    else void message.success(t('groupUsers.removed', { name: member.name, group: groupName }));
  };

  if (members.isError) return <ApiErrorAlert title={t('groupUsers.loadError')} error={members.error} />;
  return (
    <>
      <Flex justify="space-between" align="center">
        <PageHeading
          backTo={ROUTES.GroupList}
          level={3}
          title={t('groupUsers.title', { group: groupName })}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('groupUsers.add')}
        </Button>
      </Flex>
      <Table<GroupMemberDto>
        rowKey="id"
        style={{ marginTop: 16 }}
        loading={members.isLoading}
        dataSource={members.data}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          { key: 'name', title: t('users.name'), dataIndex: 'name' },
          { key: 'email', title: t('users.email'), dataIndex: 'email' },
          {
            key: 'remove',
            width: 60,
            render: (_, member) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('groupUsers.remove', { name: member.name })}
                onClick={() => void remove(member)}
              />
            ),
          },
        ]}
      />
      <ChooseTargetModal
        open={adding}
        title={t('groupUsers.add')}
        label={t('groupUsers.user')}
        requiredMessage={t('validation.userRequired')}
        options={candidates}
        okText={t('common.add')}
        cancelText={t('common.cancel')}
        onCancel={() => setAdding(false)}
        onChoose={(value) =>
          void add(Number(value), candidates.find((candidate) => candidate.value === value)?.label ?? '')
        }
      />
    </>
  );
}
