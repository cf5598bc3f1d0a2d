// Which page a failed route shows. The user meets French only: the raw error (often the browser's English
// « Cannot read properties of null… ») goes to the console for whoever investigates, never on the page.
import { isRouteErrorResponse } from 'react-router';
import { ChunkLoadError } from './chunkReload';

export type RouteErrorKind = 'forbidden' | 'notFound' | 'newVersion' | 'unexpected';

export function routeErrorKind(error: unknown): RouteErrorKind {
  if (isRouteErrorResponse(error) && error.status === 403) return 'forbidden';
  if (isRouteErrorResponse(error) && error.status === 404) return 'notFound';
  if (error instanceof ChunkLoadError) return 'newVersion';
  return 'unexpected';
}
