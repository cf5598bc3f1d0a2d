// The sign-in layout: the product's name over a centred card.
import { Card, Layout, Typography } from 'antd';
import { Outlet } from 'react-router';
import { fr } from '../../shared/locale/fr';

export default function LoginLayout() {
  return (
    <Layout style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <div style={{ width: '100%', maxWidth: 400 }}>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <img src="/favicon.svg" alt="" width={56} height={56} />
          <Typography.Title level={1} style={{ margin: '8px 0 0' }}>
            {fr.app.name}
          </Typography.Title>
          <Typography.Text type="secondary">{fr.app.tagline}</Typography.Text>
        </div>
        <Card>
          <Outlet />
        </Card>
      </div>
    </Layout>
  );
}
