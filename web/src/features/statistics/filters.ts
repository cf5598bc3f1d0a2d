// The statistics' filters as the address keeps them (`?regionId=3&from=2026-01-01&to=2026-03-31`), so that
// a dashboard filtered can be bookmarked, shared and reopened as it was.
import type { StatisticsFilters } from './api';

export const FILTER_PARAMS = { regionId: 'regionId', from: 'from', to: 'to', name: 'name' } as const;

/** A region's id from the address; null when absent or not an id. */
export function parseRegionId(raw: string | null): number | null {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
}

/** A day from the address (`AAAA-MM-JJ`); empty when absent or not one. */
export function parseDay(raw: string | null): string {
  return raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : '';
}

export function filtersFrom(params: URLSearchParams): StatisticsFilters {
  return {
    regionId: parseRegionId(params.get(FILTER_PARAMS.regionId)),
    from: parseDay(params.get(FILTER_PARAMS.from)),
    to: parseDay(params.get(FILTER_PARAMS.to)),
  };
}
