import { USER_NAME_PATTERN, isValidPassword } from '@plantlens/contracts';
import { App, Card, Flex, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormActions } from '../../../components/form-actions';
import { PageHeading } from '../../../components/page-heading';
import { PageSpinner } from '../../../components/page-spinner';
import { ROUTES } from '../../../config/routes';
import { useIdParam } from '../../../lib/use-id-param';
import { useWebSettings } from '../../../lib/web-settings';
import { userFormError } from '../admin-errors';
import {
  useCreateUserMutation,
  useGetDirectoryIdQuery,
  useGetGroupsQuery,
  useGetUsersQuery,
  useUpdateUserMutation,
} from '../api';
import {
  PASSWORD_PLACEHOLDER,
  directoryUserCreateRequest,
  directoryUserUpdateRequest,
  userCreateRequest,
  userFormValues,
  userLabel,
  userUpdateRequest,
  type UserFormValues,
} from '../user-form-values';

// Create (/user) or edit (/user?id=) a user, with the rules of spec part 1 §5 and the statuses of §8.
// With directory sign-in the user has a directory id instead of a password, and his e-mail — the label
// the app shows for him — is required.
export function UserPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const directory = useWebSettings().auth.directorySignIn;
  const id = useIdParam();
  const [form] = Form.useForm<UserFormValues>();
  const users = useGetUsersQuery();
  const groups = useGetGroupsQuery();
  // A user made before directory sign-in has no directory id yet (404): the field starts empty.
  const directoryId = useGetDirectoryIdQuery(id ?? 0, { skip: !directory || id === undefined });
  const [createUser, creation] = useCreateUserMutation();
  const [updateUser, update] = useUpdateUserMutation();
  const user = id === undefined ? undefined : users.data?.find((candidate) => candidate.id === id);

  // The form takes its initial values once: wait for them.
  if (id !== undefined && (users.isLoading || directoryId.isLoading)) return <PageSpinner />;

  const save = (values: UserFormValues) => {
    if (directory) {
      return id === undefined
        ? createUser({ directory, body: directoryUserCreateRequest(values) })
        : updateUser({ directory, body: directoryUserUpdateRequest(id, values) });
    }
    return id === undefined
      ? createUser({ directory, body: userCreateRequest(values) })
      : updateUser({ directory, body: userUpdateRequest(id, values) });
  };

  const onFinish = async (values: UserFormValues) => {
    const result = await save(values);
    const name = userLabel(values, directory);
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
        title={
          id === undefined
            ? t('users.createTitle')
            : t('users.editTitle', { name: user ? userLabel(user, directory) : '' })
        }
      />
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ marginTop: 16 }}
        initialValues={userFormValues(user, directoryId.data)}
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
          rules={[
            { required: directory, whitespace: true, message: t('validation.required') },
            { type: 'email', message: t('validation.email') },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        {directory ? (
          <Form.Item
            name="directoryId"
            label={t('users.directoryId')}
            rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        ) : (
          <>
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
          </>
        )}
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
