// The documentation layout (admin only): a plain reading page without the side menu.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Layout, Space, theme, Typography } from 'antd';
import { Link, Outlet } from 'react-router';
import { fr } from '../../shared/locale/fr';
import { useRouteTitle } from '../routeHandle';

export default function DocumentationLayout() {
  const title = useRouteTitle();
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '0 24px',
        }}
      >
        <Space size="middle">
          <Typography.Text strong style={{ fontSize: 18, color: token.colorPrimary }}>
            {fr.app.name}
          </Typography.Text>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
            {title}
          </Typography.Title>
        </Space>
        <Link to="/">
          <ArrowLeftOutlined /> {fr.documentation.back}
        </Link>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
