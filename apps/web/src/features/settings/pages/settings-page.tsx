import { KeyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { hasFeature } from '@plantlens/contracts';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AuthSettings } from '../../../config/auth';
import { ROUTES, type RouteName } from '../../../config/routes';
import { useAccount } from '../../../lib/account-api';
import { useWebSettings } from '../../../lib/web-settings';

interface SettingsLink {
  route: RouteName;
  icon: ReactNode;
  shown: (authorities: readonly string[], auth: AuthSettings) => boolean;
}

// Spec part 1 §2: the profile (not with directory sign-in), and for administrators users and groups.
const LINKS: SettingsLink[] = [
  { route: 'UserProfile', icon: <KeyOutlined />, shown: (_, auth) => !auth.directorySignIn },
  {
    route: 'UserList',
    icon: <UserOutlined />,
    shown: (authorities, auth) => auth.usersCanBeEdited && hasFeature(authorities, 'Admin'),
  },
  { route: 'GroupList', icon: <TeamOutlined />, shown: (authorities) => hasFeature(authorities, 'Admin') },
];

export function SettingsPage() {
  const { t } = useTranslation();
  const { auth } = useWebSettings();
  const authorities = useAccount().data?.authorities ?? [];
  return (
    <>
      <Typography.Title level={3}>{t('routes.Settings')}</Typography.Title>
      <Flex vertical gap={12} style={{ maxWidth: 480 }}>
        {LINKS.filter(({ shown }) => shown(authorities, auth)).map(({ route, icon }) => (
          <Link key={route} to={ROUTES[route]}>
            <Card hoverable size="small">
              <Flex gap={12}>
                {icon}
                <span>{t(`routes.${route}`)}</span>
              </Flex>
            </Card>
          </Link>
        ))}
      </Flex>
    </>
  );
}
