import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../config/routes';
import { useRegisterMutation } from '../api';

interface RegistrationValues {
  email: string;
  terms: boolean;
}

// Registration by e-mail (spec part 1 §2, §8): the terms open in a new tab.
export function RegistrationForm() {
  const { t } = useTranslation();
  const [register, { isLoading, isSuccess, isError }] = useRegisterMutation();
  return (
    <Form<RegistrationValues>
      layout="vertical"
      requiredMark={false}
      onFinish={({ email }) => void register({ email: email.trim() })}
    >
      <Form.Item
        name="email"
        label={t('registration.email')}
        rules={[{ required: true, type: 'email', message: t('registration.invalidEmail') }]}
      >
        <Input autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="terms"
        valuePropName="checked"
        rules={[
          {
            validator: (_, accepted: boolean | undefined) =>
              accepted ? Promise.resolve() : Promise.reject(new Error(t('registration.acceptTermsRequired'))),
          },
        ]}
      >
        <Checkbox>
          {t('registration.accept')}{' '}
          <a href={ROUTES.Legal} target="_blank" rel="noreferrer">
            {t('registration.terms')}
          </a>
        </Checkbox>
      </Form.Item>
      {isSuccess && (
        <Alert type="success" showIcon title={t('registration.welcome')} style={{ marginBottom: 16 }} />
      )}
      {isError && (
        <Alert type="error" showIcon title={t('registration.failed')} style={{ marginBottom: 16 }} />
      )}
      <Button htmlType="submit" block loading={isLoading}>
        {t('registration.submit')}
      </Button>
    </Form>
  );
}
