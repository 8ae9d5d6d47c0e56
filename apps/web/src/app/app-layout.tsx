import { Layout, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useAccount } from '../lib/account-api';
import { useCurrentRoute } from './current-route';
import { LoadingOverlay } from './loading-overlay';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const NO_AUTHORITIES: string[] = [];

// The shell of every signed-in page: side menu, top bar, the page, and the loading overlay.
export function AppLayout() {
  const { t } = useTranslation();
  const current = useCurrentRoute();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const [collapsed, setCollapsed] = useState(false);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" collapsible collapsed={collapsed} trigger={null}>
        <Typography.Title level={4} style={{ margin: 0, padding: '16px 24px', whiteSpace: 'nowrap' }}>
          {collapsed ? t('app.title').charAt(0) : t('app.title')}
        </Typography.Title>
        <SideMenu authorities={authorities} current={current} />
      </Layout.Sider>
      <Layout>
        <TopBar authorities={authorities} current={current} onToggleMenu={() => setCollapsed(!collapsed)} />
        <Layout.Content style={{ padding: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <LoadingOverlay />
    </Layout>
  );
}
