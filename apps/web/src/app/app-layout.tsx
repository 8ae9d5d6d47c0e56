import { Layout, theme, Typography } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useAccount } from '../lib/account-api';
import { useEscapeKey } from '../lib/use-escape-key';
import { useWebSettings } from '../lib/web-settings';
import { useCurrentRoute } from './current-route';
import { LoadingOverlay } from './loading-overlay';
import { SaveQueryProvider } from './save-query-provider';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const NO_AUTHORITIES: string[] = [];
const SIDE_MENU_ID = 'side-menu';
// Wide enough for the longest Spanish label, nested under Explorer ("Correlación múltiple").
const SIDE_MENU_WIDTH_PX = 256;

// The shell of every signed-in page: side menu, top bar, the page, and the loading overlay. Escape
// closes the side menu (spec part 1 §2 "Escape closes navs") when nothing else open on the page takes it
// first (a list, a dropdown, a modal, a drawer); the toggle opens it again.
export function AppLayout() {
  const { productTitle } = useWebSettings().site;
  const current = useCurrentRoute();
  const authorities = useAccount().data?.authorities ?? NO_AUTHORITIES;
  const [collapsed, setCollapsed] = useState(false);
  useEscapeKey(() => setCollapsed(true), !collapsed, { last: true });
  const { token } = theme.useToken();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* The sider draws the menu's edge, so it runs the full height however short the menu is. */}
      <Layout.Sider
        id={SIDE_MENU_ID}
        theme="light"
        width={SIDE_MENU_WIDTH_PX}
        collapsible
        collapsed={collapsed}
        trigger={null}
        style={{ borderInlineEnd: `${token.lineWidth}px ${token.lineType} ${token.colorSplit}` }}
      >
        <Typography.Title level={4} style={{ margin: 0, padding: '16px 24px', whiteSpace: 'nowrap' }}>
          {collapsed ? productTitle.charAt(0) : productTitle}
        </Typography.Title>
        <SideMenu authorities={authorities} current={current} />
      </Layout.Sider>
      <Layout>
        <TopBar
          authorities={authorities}
          current={current}
          menu={{ id: SIDE_MENU_ID, open: !collapsed, toggle: () => setCollapsed(!collapsed) }}
        />
        <Layout.Content style={{ padding: 16 }}>
          <SaveQueryProvider authorities={authorities}>
            <Outlet />
          </SaveQueryProvider>
        </Layout.Content>
      </Layout>
      <LoadingOverlay />
    </Layout>
  );
}
