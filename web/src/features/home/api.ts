// The home page's call: the day's figures of the signed-in login (only those of the areas its role reads).
import { useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';

export type DayFigures = Schemas['DayFigures'];

/** Read afresh each time the home page opens: the figures are the day's work, they change all day. */
export function useDayFigures() {
  return useQuery({
    queryKey: ['home', 'dayFigures'],
    queryFn: async (): Promise<DayFigures> => (await request(api.GET('/home/get.day_figures'))).data,
    staleTime: 0,
  });
}
