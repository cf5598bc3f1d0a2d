// The layout of a path that is no screen: nothing but the page itself, centred.
import { Layout } from 'antd';
import { Outlet } from 'react-router';

export default function NotFoundLayout() {
  return (
    <Layout style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Outlet />
    </Layout>
  );
}
