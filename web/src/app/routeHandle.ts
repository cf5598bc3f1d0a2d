// What a route tells the shell about itself (read with useMatches).
import { useMatches } from 'react-router';
import type { Area } from './access';

export interface RouteHandle {
  /** The screen's French name: heading, menu entry and document title. */
  title?: string;
  /** The matrix's area the screen shows (screens.ts). */
  area?: Area;
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

/** The area of the deepest route that has one. */
export function useRouteArea(): Area | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const area = (matches[i].handle as RouteHandle | undefined)?.area;
    if (area) return area;
  }
  return undefined;
}
