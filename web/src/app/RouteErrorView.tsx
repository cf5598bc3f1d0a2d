// What a screen shows instead of itself when its route fails: a refused role, a screen whose code
// could not be loaded (new version or network), or an unexpected error.
import { Button, Result } from 'antd';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { fr } from '../shared/locale/fr';
import { ChunkLoadError } from './chunkReload';

export default function RouteErrorView() {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <Result
        status="warning"
        title={fr.forbidden.title}
        subTitle={fr.forbidden.text}
        extra={<Link to="/">{fr.notFound.back}</Link>}
      />
    );
  }

  if (error instanceof ChunkLoadError) {
    return (
      <Result
        status="warning"
        title={fr.errors.newVersion}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {fr.errors.reload}
          </Button>
        }
      />
    );
  }

  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <Result
      status="error"
      title={fr.errors.unexpected}
      subTitle={detail}
      extra={<Link to="/">{fr.notFound.back}</Link>}
    />
  );
}
