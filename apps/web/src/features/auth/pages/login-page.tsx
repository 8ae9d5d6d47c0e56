import { Alert, Button, Card, Divider, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { API_BASE_URL } from '../../../config/api';
import { api } from '../../../lib/api';
import { pathAfterLogin, storeTokens } from '../../../lib/session';
import { useWebSettings } from '../../../lib/web-settings';
import { useLoginMutation } from '../api';
import { LoginForm } from '../components/login-form';
import { RegistrationForm } from '../components/registration-form';
import { DIRECTORY_ERROR_PARAM, loginErrorKey, type LoginErrorKey } from '../login-error';

// The server redirects this address to the directory, which later returns the browser to /saml.
const DIRECTORY_SIGN_IN_URL = `${API_BASE_URL}/auth/saml`;

// Username and password, or the directory button when single sign-on is configured; success goes to the
// address kept in `path`.
export function LoginPage() {
  const { t } = useTranslation();
  const { auth, site } = useWebSettings();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [searchParams] = useSearchParams();
  const [login, { isLoading }] = useLoginMutation();
  const [error, setError] = useState<LoginErrorKey>();

  const onSubmit = async (credentials: { username: string; password: string }) => {
    setError(undefined);
    const result = await login({ username: credentials.username.trim(), password: credentials.password });
    if (result.error) {
      setError(loginErrorKey(result.error));
      return;
    }
    storeTokens(localStorage, result.data);
    dispatch(api.util.resetApiState());
    await navigate(pathAfterLogin(searchParams.get('path')), { replace: true });
  };

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}>
      <Card style={{ width: 400 }}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={2} style={{ margin: 0 }}>
            {site.productTitle}
          </Typography.Title>
          <LanguageSwitcher />
        </Flex>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {searchParams.get(DIRECTORY_ERROR_PARAM) === 'accountNotAllowed' && (
          <Alert
            type="error"
            showIcon
            title={t('login.errors.accountNotAllowed')}
            style={{ marginBottom: 16 }}
          />
        )}
        {auth.directorySignIn ? (
          <Button type="primary" block onClick={() => window.location.assign(DIRECTORY_SIGN_IN_URL)}>
            {t('login.directory')}
          </Button>
        ) : (
          <LoginForm submitting={isLoading} error={error} onSubmit={(values) => void onSubmit(values)} />
        )}
        <Flex vertical gap={4} style={{ marginTop: 16 }}>
          <Typography.Link href={auth.helpUrl}>{t('login.help')}</Typography.Link>
          <Typography.Text type="secondary">{t('login.contact')}</Typography.Text>
        </Flex>
        <Divider>{t('registration.title')}</Divider>
        <RegistrationForm />
      </Card>
    </Flex>
  );
}
