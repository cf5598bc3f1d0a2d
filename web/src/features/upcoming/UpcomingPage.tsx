// The honest placeholder of a screen that is not built yet.
import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { Link } from 'react-router';
import { useRouteTitle } from '../../app/routeHandle';
import { fr } from '../../shared/locale/fr';

export default function UpcomingPage() {
  const title = useRouteTitle();
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={title}
      subTitle={fr.upcoming.text}
      extra={<Link to="/">{fr.upcoming.back}</Link>}
    />
  );
}
