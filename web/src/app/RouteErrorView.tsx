// What a screen shows instead of itself when its route fails: a refused role, a missing page, a screen
// whose code could not be loaded (new version or network), or an unexpected error, always in French.
// In antd's theme of its own: the sign-in route and the shell, which may fail too, have none.
import { Button, Result, Space } from 'antd';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { fr } from '../shared/locale/fr';
import Providers from './Providers';
import { routeErrorKind } from './routeErrorKind';

export default function RouteErrorView() {
  return (
    <Providers>
      <RouteErrorResult />
    </Providers>
  );
}

function RouteErrorResult() {
  const error = useRouteError();
  const kind = routeErrorKind(error);

  useEffect(() => {
    // The cause, for whoever investigates from the browser's console; the page says it in French.
    if (kind === 'unexpected') console.error('Erreur de l’écran :', error);
  }, [kind, error]);

  const back = <Link to="/">{fr.notFound.back}</Link>;
  const reload = (
    <Button type="primary" onClick={() => window.location.reload()}>
      {fr.errors.reload}
    </Button>
  );

  switch (kind) {
    case 'forbidden':
      return <Result status="warning" title={fr.forbidden.title} subTitle={fr.forbidden.text} extra={back} />;
    case 'notFound':
      return <Result status="404" title={fr.notFound.text} extra={back} />;
    case 'newVersion':
      return <Result status="warning" title={fr.errors.newVersion} extra={reload} />;
    case 'unexpected':
      return (
        <Result
          status="error"
          title={fr.errors.unexpected}
          subTitle={fr.errors.screenFailed}
          extra={
            <Space>
              {reload}
              {back}
            </Space>
          }
        />
      );
  }
}
