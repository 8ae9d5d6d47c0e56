import { LineChartOutlined } from '@ant-design/icons';
import { Layout, Menu, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { LanguageSwitcher } from './language-switcher';

export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);

  const menuItems = [
    {
      key: ROUTES.ExplorerEvolution,
      icon: <LineChartOutlined />,
      label: <Link to={ROUTES.ExplorerEvolution}>{t('menu.explorerEvolution')}</Link>,
    },
  ];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" collapsible collapsed={collapsed} onCollapse={setCollapsed}>
        <Typography.Title level={4} style={{ margin: 0, padding: '16px 24px', whiteSpace: 'nowrap' }}>
          {collapsed ? t('app.title').charAt(0) : t('app.title')}
        </Typography.Title>
        <Menu mode="inline" selectedKeys={[pathname]} items={menuItems} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            paddingInline: 16,
            background: token.colorBgContainer,
          }}
        >
          <LanguageSwitcher />
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
