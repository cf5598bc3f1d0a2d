import { Result } from 'antd';
import { Link } from 'react-router';
import { fr } from '../../shared/locale/fr';

export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title={fr.screens.notFound}
      subTitle={fr.notFound.text}
      extra={<Link to="/">{fr.notFound.back}</Link>}
    />
  );
}
