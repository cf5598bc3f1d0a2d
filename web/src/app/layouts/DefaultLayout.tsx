// The layout of every screen but sign-in and documentation: side menu, header with the signed-in user.
import { EyeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Tag, theme, Typography, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import ExportTray from '../../shared/export/ExportTray';
import { UnsavedNavigationGuard } from '../../shared/form/UnsavedDialog';
import { fr } from '../../shared/locale/fr';
import { roleLabel } from '../../shared/roles';
import { signOut } from '../../shared/session/session';
import { useSession } from '../../shared/session/useSession';
import { fallbackIcon, screenIcons } from '../menuIcons';
import { LOGIN_PATH } from '../guard';
import { useRouteArea, useRouteTitle } from '../routeHandle';
import { isReadOnly } from '../useRight';
import { menuSections } from '../menu';

type MenuItem = NonNullable<MenuProps['items']>[number];

function useMenuItems(role: string | undefined): MenuItem[] {
  return useMemo(
    () =>
      menuSections(role).flatMap((section): MenuItem[] => {
        const entries = section.screens.map((screen) => ({
          key: screen.path,
          icon: screenIcons[screen.path] ?? fallbackIcon,
          label: <Link to={screen.path}>{screen.title}</Link>,
        }));
        return section.label
          ? [{ type: 'group' as const, key: section.group!, label: section.label, children: entries }]
          : entries;
      }),
    [role],
  );
}

export default function DefaultLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const { token } = theme.useToken();
  const items = useMenuItems(user?.login_role);
  const area = useRouteArea();
  // A screen the role reads but may not change says so by its title, and why.
  const readOnly = area !== undefined && isReadOnly(user?.login_role, area);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        width={248}
        style={{ height: '100vh', position: 'sticky', top: 0, overflow: 'auto' }}
      >
        <Link
          to="/"
          style={{
            display: 'block',
            padding: '20px 24px',
            color: '#fff',
            fontSize: 22,
            fontWeight: 600,
            letterSpacing: 0.5,
          }}
        >
          {fr.app.name}
        </Link>
        <nav aria-label="Menu principal">
          <Menu theme="dark" mode="inline" selectedKeys={[pathname]} items={items} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 16,
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
            <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }} ellipsis>
              {title}
            </Typography.Title>
            {readOnly && (
              <Tag icon={<EyeOutlined />} data-testid="read-only">
                {fr.rights.readOnly}
              </Tag>
            )}
          </div>
          {user && (
            <Space size="middle" wrap={false}>
              <ExportTray />
              <Space size={6}>
                <UserOutlined />
                <Typography.Text strong data-testid="session-user">
                  {user.login_name}
                </Typography.Text>
                <Tag color="green" variant="outlined" data-testid="session-role">
                  {roleLabel(user.login_role)}
                </Tag>
              </Space>
              <Button icon={<LogoutOutlined />} onClick={() => signOut('user')}>
                {fr.session.signOut}
              </Button>
            </Space>
          )}
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          {readOnly && (
            <Typography.Paragraph type="secondary" data-testid="read-only-explained" style={{ marginTop: -8 }}>
              {fr.rights.readOnlyExplained(roleLabel(user?.login_role))}
            </Typography.Paragraph>
          )}
          <Outlet />
          <UnsavedNavigationGuard loginPath={LOGIN_PATH} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
