import { App, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import { useIdParam } from '../../../lib/use-id-param';
import { isGroupConflict } from '../admin-errors';
import { useCreateGroupMutation, useGetGroupsQuery, useUpdateGroupMutation } from '../api';
import { PageHeading } from '../../../components/page-heading';
import { FormActions } from '../../../components/form-actions';

interface GroupValues {
  name: string;
}

// Create (/group) or rename (/group?id=) a group.
export function GroupPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam();
  const [form] = Form.useForm<GroupValues>();
  const groups = useGetGroupsQuery();
  const [createGroup, creation] = useCreateGroupMutation();
  const [updateGroup, update] = useUpdateGroupMutation();
  const group = id === undefined ? undefined : groups.data?.find((candidate) => candidate.id === id);

  if (id !== undefined && groups.isLoading) return <PageSpinner />;

  const onFinish = async ({ name }: GroupValues) => {
    const trimmed = name.trim();
    const result =
      id === undefined
        ? await createGroup({ name: trimmed })
        : await updateGroup({ id, name: trimmed, parentId: group?.parentId ?? null });
    if (!result.error) {
      void message.success(t(id === undefined ? 'groups.created' : 'groups.updated', { name: trimmed }));
      await navigate(ROUTES.GroupList);
      return;
    }
    if (isGroupConflict(result.error))
      form.setFields([{ name: 'name', errors: [t('validation.groupExists')] }]);
    void message.error(t(id === undefined ? 'groups.createError' : 'groups.updateError', { name: trimmed }));
  };

  return (
    <Card style={{ maxWidth: 480 }}>
      <PageHeading
        backTo={ROUTES.GroupList}
        title={
          id === undefined ? t('groups.createTitle') : t('groups.editTitle', { name: group?.name ?? '' })
        }
      />
      <Form<GroupValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ marginTop: 16 }}
        initialValues={{ name: group?.name ?? '' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="name"
          label={t('groups.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.groupNameRequired') }]}
        >
          <Input autoComplete="off" autoFocus />
        </Form.Item>
        <FormActions
          onCancel={() => void navigate(ROUTES.GroupList)}
          saving={creation.isLoading || update.isLoading}
        />
      </Form>
    </Card>
  );
}
