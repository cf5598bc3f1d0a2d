// The landing page after sign-in: a greeting, the role, and shortcuts to the main screens.
import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { fallbackIcon, screenIcons } from '../../app/menuIcons';
import { visibleScreens } from '../../app/menu';
import { fr } from '../../shared/locale/fr';
import { roleLabel } from '../../shared/roles';
import { useSession } from '../../shared/session/useSession';

export default function HomePage() {
  const { user } = useSession();
  if (!user) return null;
  const shortcuts = visibleScreens(user.login_role).filter((screen) => screen.shortcut);

  return (
    <>
      <Typography.Title level={2}>{fr.home.hello(user.login_name)}</Typography.Title>
      <Typography.Paragraph type="secondary">{fr.home.role(roleLabel(user.login_role))}</Typography.Paragraph>
      <Typography.Title level={3}>{fr.home.shortcuts}</Typography.Title>
      <Row gutter={[16, 16]}>
        {shortcuts.map((screen) => (
          <Col key={screen.path} xs={24} sm={12} lg={8} xl={6}>
            <Link to={screen.path}>
              <Card hoverable>
                <Card.Meta
                  avatar={<span style={{ fontSize: 28 }}>{screenIcons[screen.path] ?? fallbackIcon}</span>}
                  title={screen.title}
                  description={screen.path}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
