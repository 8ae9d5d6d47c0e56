import { AppstoreOutlined, LogoutOutlined, MenuOutlined, SettingOutlined } from '@ant-design/icons';
import { hasFeature } from '@plantlens/contracts';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES, type RouteName } from '../config/routes';
import { logOut } from '../lib/session';
import { AppBreadcrumb } from './app-breadcrumb';
import { HelpButton } from './help-button';
import { LanguageSwitcher } from '../components/language-switcher';

interface TopBarProps {
  authorities: readonly string[];
  current: RouteName | undefined;
  /** the side menu the toggle opens and closes */
  menu: { id: string; open: boolean; toggle: () => void };
}

// Menu toggle, breadcrumbs, and the user navigation: Workspace, Settings, language, Help, Logout.
export function TopBar({ authorities, current, menu }: TopBarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={8}
      style={{ height: 56, paddingInline: 16, background: token.colorBgContainer }}
      role="banner"
    >
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('shell.toggleMenu')}
        aria-controls={menu.id}
        aria-expanded={menu.open}
        onClick={menu.toggle}
      />
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
          <HelpButton />
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void logOut()}>
            {t('menu.logout')}
          </Button>
        </Flex>
      </nav>
    </Flex>
  );
}
