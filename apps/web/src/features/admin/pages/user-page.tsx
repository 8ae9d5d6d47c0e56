import { USER_NAME_PATTERN, isValidPassword } from '@plantlens/contracts';
import { App, Card, Flex, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import { useIdParam } from '../../../lib/use-id-param';
import { userFormError } from '../admin-errors';
import { useCreateUserMutation, useGetGroupsQuery, useGetUsersQuery, useUpdateUserMutation } from '../api';
import {
  PASSWORD_PLACEHOLDER,
  userCreateRequest,
  userFormValues,
  userUpdateRequest,
  type UserFormValues,
} from '../user-form-values';
import { PageHeading } from '../../../components/page-heading';
import { FormActions } from '../../../components/form-actions';

// Create (/user) or edit (/user?id=) a user, with the rules of spec part 1 §5 and the statuses of §8.
export function UserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam();
  const [form] = Form.useForm<UserFormValues>();
  const users = useGetUsersQuery();
  const groups = useGetGroupsQuery();
  const [createUser, creation] = useCreateUserMutation();
  const [updateUser, update] = useUpdateUserMutation();
  const user = id === undefined ? undefined : users.data?.find((candidate) => candidate.id === id);

  if (id !== undefined && users.isLoading) return <PageSpinner />;

  const onFinish = async (values: UserFormValues) => {
    const result =
      id === undefined
        ? await createUser(userCreateRequest(values))
        : await updateUser(userUpdateRequest(id, values));
    const name = values.name.trim().toLowerCase();
    if (!result.error) {
      void message.success(t(id === undefined ? 'users.created' : 'users.updated', { name }));
      await navigate(ROUTES.UserList);
      return;
    }
    const fieldError = userFormError(result.error);
    if (fieldError) form.setFields([{ name: fieldError.field, errors: [t(`validation.${fieldError.key}`)] }]);
    void message.error(t(id === undefined ? 'users.createError' : 'users.updateError', { name }));
  };

  const passwordRule = {
    validator: (_: unknown, value: string | undefined) =>
      (id !== undefined && value === PASSWORD_PLACEHOLDER) || (value && isValidPassword(value))
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.passwordRule'))),
  };

  return (
    <Card style={{ maxWidth: 560 }}>
      <PageHeading
        backTo={ROUTES.UserList}
        title={id === undefined ? t('users.createTitle') : t('users.editTitle', { name: user?.name ?? '' })}
      />
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ marginTop: 16 }}
        initialValues={userFormValues(user)}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="name"
          label={t('users.name')}
          normalize={(value: string) => value.toLowerCase()}
          rules={[
            { required: true, message: t('validation.required') },
            { pattern: USER_NAME_PATTERN, message: t('validation.nameFormat') },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('users.email')}
          rules={[{ type: 'email', message: t('validation.email') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('users.password')} rules={[passwordRule]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('users.repeat')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.passwordDifferent'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Flex gap={32}>
          <Form.Item name="admin" label={t('users.admin')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('users.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Form.Item name="groupIds" label={t('users.groups')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={groups.isLoading}
            options={groups.data?.map(({ id: groupId, name }) => ({ value: groupId, label: name }))}
          />
        </Form.Item>
        <FormActions
          onCancel={() => void navigate(ROUTES.UserList)}
          saving={creation.isLoading || update.isLoading}
        />
      </Form>
    </Card>
  );
}
