import { DeleteOutlined, PlusOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { OBJECT_TYPES, type ObjectType, type PermissionRowDto } from '@plantlens/contracts';
import { App, Button, Checkbox, Flex, Result, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useAccount } from '../../../lib/account-api';
import {
  useGetGroupsQuery,
  useGetPermissionGroupsQuery,
  useGetPermissionUsersQuery,
  useGetUsersQuery,
  useGrantPermissionMutation,
  useRevokePermissionMutation,
  type PermissionChange,
} from '../api';
import { ChooseTargetModal } from '../components/choose-target-modal';
import {
  RIGHT_PERMISSION_TYPE,
  addableTargets,
  overlapMembers,
  rowsWithPermissions,
  targetKey,
  type Right,
} from '../permission-rows';

const isObjectType = (value: string | undefined): value is ObjectType =>
  (OBJECT_TYPES as readonly string[]).includes(value ?? '');

// Who may read, edit and share one object (/{type}/{id}/permission/list); read is always on.
export function PermissionsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const objectId = Number(params.id);
  if (!isObjectType(params.type) || !Number.isInteger(objectId) || objectId <= 0) {
    return <Result status="warning" title={t('permissions.unknownObject')} />;
  }
  return <PermissionsTable objectRef={{ objectType: params.type, objectId }} />;
}

function PermissionsTable({ objectRef }: { objectRef: { objectType: ObjectType; objectId: number } }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [adding, setAdding] = useState(false);
  const userRows = useGetPermissionUsersQuery(objectRef);
  const groupRows = useGetPermissionGroupsQuery(objectRef);
  const users = useGetUsersQuery();
  const groups = useGetGroupsQuery();
  const username = useAccount().data?.username;
  const [grant] = useGrantPermissionMutation();
  const [revoke] = useRevokePermissionMutation();

  const rows = rowsWithPermissions(userRows.data ?? [], groupRows.data ?? []);
  const candidates = addableTargets(users.data ?? [], groups.data ?? [], rows, username);
  const change = (
    row: Pick<PermissionRowDto, 'value'>,
    permissionType: PermissionChange['permissionType'],
  ) => ({
    ...objectRef,
    permissionType,
    userOrGroup: row.value.type,
    targetId: row.value.id,
  });

  const report = (ok: boolean, outcome: 'create' | 'update' | 'delete', name: string) => {
    if (ok) void message.success(t(`permissions.${outcome}Success`, { name }));
    else void message.error(t(`permissions.${outcome}Error`, { name }));
  };

  const add = async (key: string) => {
    setAdding(false);
    const target = candidates.find((candidate) => targetKey(candidate) === key);
    if (!target) return;
    const result = await grant(change({ value: target }, 'read'));
    report(!result.error, 'create', target.name);
  };

  const remove = async (row: PermissionRowDto) => {
    const result = await revoke(change(row, 'read'));
    report(!result.error, 'delete', row.value.name);
  };

  const toggle = async (row: PermissionRowDto, right: Right, on: boolean) => {
    const request = change(row, RIGHT_PERMISSION_TYPE[right]);
    if (!on) {
      const result = await revoke(request);
      report(!result.error, 'update', row.value.name);
      return;
    }
    const result = await grant(request);
    const members = overlapMembers(result.error);
    if (!members) {
      report(!result.error, 'update', row.value.name);
      return;
    }
    // Some members hold fewer rights than the group would: on accept they are raised to its level.
    modal.confirm({
      title: t('permissions.overlapTitle'),
      content: (
        <>
          <Typography.Paragraph>
            {t('permissions.overlapText', { group: row.value.name })}
          </Typography.Paragraph>
          <ul>
            {members.map((member) => (
              <li key={member.id}>{member.name}</li>
            ))}
          </ul>
        </>
      ),
      okText: t('permissions.overlapAccept'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const raised = await grant({ ...request, raiseMembers: true });
        report(!raised.error, 'update', row.value.name);
      },
    });
  };

  if (userRows.isError || groupRows.isError) {
    return <ApiErrorAlert title={t('permissions.loadError')} error={userRows.error ?? groupRows.error} />;
  }
  return (
    <>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3}>
          {t('permissions.title', {
            type: t(`permissions.types.${objectRef.objectType}`),
            id: objectRef.objectId,
          })}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('permissions.add')}
        </Button>
      </Flex>
      <Table<PermissionRowDto>
        rowKey={(row) => targetKey(row.value)}
        loading={userRows.isLoading || groupRows.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 10 }}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          {
            key: 'name',
            title: t('permissions.name'),
            render: (_, row) => (
              <Flex gap={8}>
                {row.value.type === 'group' ? <TeamOutlined /> : <UserOutlined />}
                {row.label || row.value.name}
              </Flex>
            ),
          },
          {
            key: 'read',
            title: t('permissions.read'),
            render: (_, row) => (
              <Checkbox checked disabled aria-label={t('permissions.readOf', { name: row.value.name })} />
            ),
          },
          ...(['canEdit', 'canShare'] as const).map((right) => ({
            key: right,
            title: t(`permissions.${right}`),
            render: (_: unknown, row: PermissionRowDto) => (
              <Checkbox
                checked={row.permissions[right]}
                aria-label={t(`permissions.${right}Of`, { name: row.value.name })}
                onChange={(event) => void toggle(row, right, event.target.checked)}
              />
            ),
          })),
          {
            key: 'remove',
            width: 60,
            render: (_, row) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('permissions.remove', { name: row.value.name })}
                onClick={() => void remove(row)}
              />
            ),
          },
        ]}
      />
      <ChooseTargetModal
        open={adding}
        title={t('permissions.add')}
        label={t('permissions.target')}
        requiredMessage={t('validation.targetRequired')}
        options={candidates.map((candidate) => ({
          value: targetKey(candidate),
          label: `${candidate.name} (${t(`permissions.targetTypes.${candidate.type}`)})`,
        }))}
        okText={t('common.add')}
        cancelText={t('common.cancel')}
        onCancel={() => setAdding(false)}
        onChoose={(key) => void add(key)}
      />
    </>
  );
}
