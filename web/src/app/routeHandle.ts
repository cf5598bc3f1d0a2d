// What a route tells the shell about itself (read with useMatches).
import { useMatches } from 'react-router';

export interface RouteHandle {
  /** The screen's French name: heading, menu entry and document title. */
  title?: string;
}

/** The title of the deepest route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i].handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}
