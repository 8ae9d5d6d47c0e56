import { isValidPassword } from '@plantlens/contracts';
import { App, Card, Flex, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { useAccount } from '../../../lib/account-api';
import { httpStatus } from '../../../lib/http-status';
import { useChangePasswordMutation, useGetAccountProfileQuery } from '../api';
import { MyProfileCard } from '../components/my-profile-card';
import { RolesAndPermissionsCard } from '../components/roles-and-permissions-card';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { FormActions } from '../../../components/form-actions';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  repeat: string;
}

// The personal area (spec part 1 §2): My profile and Roles and permissions (read-only), then the change of
// one's own password; Enter saves. A wrong old password (403) marks that field.
export function UserProfilePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordValues>();
  const username = useAccount().data?.username ?? '';
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const profile = useGetAccountProfileQuery();

  const onFinish = async ({ oldPassword, newPassword }: PasswordValues) => {
    const result = await changePassword({ oldPassword, newPassword, username });
    if (!result.error) {
      void message.success(t('profile.updated'));
      await navigate(ROUTES.Settings);
      return;
    }
    if (httpStatus(result.error) === 403) {
      form.setFields([{ name: 'oldPassword', errors: [t('profile.oldPasswordWrong')] }]);
    }
    void message.error(t('profile.updateError'));
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      {profile.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {profile.isError && <ApiErrorAlert title={t('personalArea.loadError')} error={profile.error} />}
      {profile.data && (
        <>
          <MyProfileCard profile={profile.data} />
          <RolesAndPermissionsCard profile={profile.data} />
        </>
      )}
      <Card style={{ maxWidth: 480 }}>
        <PageHeading backTo={ROUTES.Settings} title={t('profile.title', { username })} />
        <Form<PasswordValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          style={{ marginTop: 16 }}
          onFinish={(values) => void onFinish(values)}
        >
          <Form.Item
            name="oldPassword"
            label={t('profile.oldPassword')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('profile.newPassword')}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  value && isValidPassword(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.passwordRule'))),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="repeat"
            label={t('profile.repeatPassword')}
            dependencies={['newPassword']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.passwordDifferent'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <FormActions onCancel={() => void navigate(ROUTES.Settings)} saving={isLoading} />
        </Form>
      </Card>
    </Flex>
  );
}
