import { useState } from 'react';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import {
  AppstoreOutlined,
  BarChartOutlined,
  GiftOutlined,
  LogoutOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  StarOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import type { NavItem } from '@/app/shells/nav-items';
import { activeNavPath } from '@/app/shells/nav-items';
import type { SectionKey } from '@/shared/auth/section-access';
import { useSession } from '@/shared/auth/session-context';
import { UI } from '@/shared/ui-text';

const SECTION_ICON: Record<SectionKey, React.ReactNode> = {
  orders: <ShoppingCartOutlined />,
  clients: <TeamOutlined />,
  employees: <UserOutlined />,
  pricing: <TagsOutlined />,
  assortment: <AppstoreOutlined />,
  offers: <GiftOutlined />,
  loyalty: <StarOutlined />,
  settings: <SettingOutlined />,
  reports: <BarChartOutlined />,
  partners: <ShopOutlined />,
};

/** The frame of the partner and manager areas: a side menu, a header with the account and sign-out. */
export function ShellLayout({ title, items, children }: { title: string; items: NavItem[]; children: React.ReactNode }) {
  const { user, signOut } = useSession();
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const selected = activeNavPath(items, pathname);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" width={240} breakpoint="lg" collapsedWidth={0} data-testid="nav">
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          style={{ borderInlineEnd: 'none', paddingTop: 16 }}
          items={items.map((entry) => ({
            key: entry.path,
            icon: SECTION_ICON[entry.section],
            label: (
              <Link to={entry.path} data-testid={entry.testId}>
                {entry.label}
              </Link>
            ),
          }))}
        />
      </Layout.Sider>
      {/* minWidth 0: a wide table scrolls inside itself; without it the content grew past the window (issue 39 §4). */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 16,
            paddingInline: 24,
          }}
        >
          <Typography.Text strong ellipsis data-testid="header-partner-name">
            {title}
          </Typography.Text>
          <Space>
            <Typography.Text type="secondary" data-testid="header-user-email">
              {user?.EMAIL}
            </Typography.Text>
            <Button
              icon={<LogoutOutlined />}
              loading={leaving}
              data-testid="logout"
              onClick={() => {
                setLeaving(true);
                void signOut();
              }}
            >
              {UI.signOut}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <div style={{ background: '#fff', padding: 24, borderRadius: 8, minHeight: 360 }}>{children}</div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
