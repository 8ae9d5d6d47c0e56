import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginBody } from '@plantlens/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginErrorKey } from '../login-error';

interface LoginFormProps {
  submitting: boolean;
  error: LoginErrorKey | undefined;
  onSubmit: (credentials: LoginBody) => void;
}

export function LoginForm({ submitting, error, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  return (
    <Form<LoginBody> layout="vertical" onFinish={onSubmit} requiredMark={false}>
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      {error && (
        <Alert type="error" showIcon title={t(`login.errors.${error}`)} style={{ marginBottom: 16 }} />
      )}
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
