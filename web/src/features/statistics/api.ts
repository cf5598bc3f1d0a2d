// The statistics' call: the dashboard a report name stands for, with its filters (region, period). Either
// its tables (the built-in dashboards) or a Metabase embed address for a frame.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';

export type Dashboard = Schemas['Dashboard'];
export type StatisticsTable = Schemas['StatisticsTable'];
export type StatisticsRow = Schemas['StatisticsRow'];

/** The built-in dashboard of the members. */
export const MEMBERS_DASHBOARD = 'membres';
/** The built-in dashboard of the payments and the deliveries. */
export const CARDS_DASHBOARD = 'cartes';
/** The built-in dashboards, in the order of their tabs. */
export const BUILT_IN_DASHBOARDS = [MEMBERS_DASHBOARD, CARDS_DASHBOARD] as const;

export interface StatisticsFilters {
  /** A region's id; null: every region. */
  regionId: number | null;
  /** `AAAA-MM-JJ`, or empty. */
  from: string;
  to: string;
}

/** The query of the call: only the filters set. */
export function statisticsQuery(filters: StatisticsFilters) {
  return {
    regionId: filters.regionId ?? undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

export function useDashboard(reportName: string, filters: StatisticsFilters) {
  return useQuery({
    queryKey: ['statistics', reportName, filters],
    queryFn: async (): Promise<Dashboard> =>
      (
        await request(
          api.GET('/metabase/{reportName}', {
            params: { path: { reportName }, query: statisticsQuery(filters) },
          }),
        )
      ).data,
    enabled: reportName !== '',
    placeholderData: keepPreviousData,
    // A Metabase address expires: asked afresh each time the screen opens.
    staleTime: 0,
  });
}
