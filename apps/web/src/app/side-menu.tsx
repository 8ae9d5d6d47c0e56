import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  DatabaseOutlined,
  DotChartOutlined,
  EnvironmentOutlined,
  FunctionOutlined,
  HeatMapOutlined,
  HistoryOutlined,
  LineChartOutlined,
  LogoutOutlined,
  ProfileOutlined,
  SaveOutlined,
  SettingOutlined,
  SearchOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MENU, VALVE_MENU, type MenuEntry, type MenuKey } from '../config/menu';
import { ROUTES, type RouteName } from '../config/routes';
import { visibleMenu } from '../lib/access';
import { logOut } from '../lib/session';
import { useWebSettings } from '../lib/web-settings';

const ICONS: Record<MenuKey, ReactNode> = {
  workspace: <AppstoreOutlined />,
  explorer: <SearchOutlined />,
  explorerEvolution: <LineChartOutlined />,
  explorerCorrelation: <DotChartOutlined />,
  explorerMultipleCorrelation: <HeatMapOutlined />,
  queries: <SaveOutlined />,
  incidenceCurrentStatus: <EnvironmentOutlined />,
  incidences: <ProfileOutlined />,
  incidenceRules: <ApartmentOutlined />,
  valveCurrentStatus: <AlertOutlined />,
  valveHistoricAnalysis: <HistoryOutlined />,
  aggregateVariables: <FunctionOutlined />,
  management: <DatabaseOutlined />,
  csvUploader: <UploadOutlined />,
  settings: <SettingOutlined />,
};

interface SideMenuProps {
  authorities: readonly string[];
  current: RouteName | undefined;
}

export function SideMenu({ authorities, current }: SideMenuProps) {
  const { t } = useTranslation();
  const { site } = useWebSettings();
  const toItem = (entry: MenuEntry): NonNullable<MenuProps['items']>[number] => ({
    key: entry.route ?? entry.key,
    icon: ICONS[entry.key],
    label: entry.route ? (
      <Link to={ROUTES[entry.route]}>{t(`menu.${entry.key}`)}</Link>
    ) : (
      t(`menu.${entry.key}`)
    ),
    children: entry.children?.map(toItem),
  });
  const items: MenuProps['items'] = [
    ...visibleMenu(site.valveDeployment ? VALVE_MENU : MENU, authorities).map(toItem),
    { key: 'logout', icon: <LogoutOutlined />, label: t('menu.logout'), onClick: () => void logOut() },
  ];
  return (
    <Menu
      mode="inline"
      aria-label={t('shell.mainMenu')}
      selectedKeys={current ? [current] : []}
      defaultOpenKeys={['explorer']}
      items={items}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
