import { AppstoreOutlined, LogoutOutlined, MenuOutlined, SettingOutlined } from '@ant-design/icons';
import { hasFeature } from '@plantlens/contracts';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AUTH_SETTINGS } from '../config/auth';
import { ROUTES, type RouteName } from '../config/routes';
import { logOut } from '../lib/session';
import { AppBreadcrumb } from './app-breadcrumb';
import { HelpButton } from './help-button';
import { LanguageSwitcher } from '../components/language-switcher';

interface TopBarProps {
  authorities: readonly string[];
  current: RouteName | undefined;
  onToggleMenu: () => void;
}

// Menu toggle, breadcrumbs, and the user navigation: Workspace, Settings, language, Help, Logout.
export function TopBar({ authorities, current, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={8}
      style={{ height: 56, paddingInline: 16, background: token.colorBgContainer }}
      role="banner"
    >
      <Button type="text" icon={<MenuOutlined />} aria-label={t('shell.toggleMenu')} onClick={onToggleMenu} />
      <AppBreadcrumb route={current} />
      <nav aria-label={t('shell.userNav')}>
        <Flex align="center" gap={4}>
          {hasFeature(authorities, 'Workspace') && (
            <Link to={ROUTES.Workspace}>
              <Button type="text" icon={<AppstoreOutlined />}>
                {t('routes.Workspace')}
              </Button>
            </Link>
          )}
          <Link to={ROUTES.Settings}>
            <Button type="text" icon={<SettingOutlined />}>
              {t('routes.Settings')}
            </Button>
          </Link>
          <LanguageSwitcher />
          {AUTH_SETTINGS.userManual && <HelpButton />}
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void logOut()}>
            {t('menu.logout')}
          </Button>
        </Flex>
      </nav>
    </Flex>
  );
}
