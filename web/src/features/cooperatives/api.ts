// The cooperatives' calls as TanStack Query hooks. Every write reloads the cooperatives' queries and the
// members' (which name their cooperative).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import type { Option } from '../../shared/form/RemoteSelect';
import { optionalText, pagingQuery, type ListParams } from '../../shared/list/listParams';

export type Cooperative = Schemas['Cooperative'];

/** The fields the gateway lets the list sort on. */
export const COOPERATIVE_SORTABLE = [
  'cooperative_name',
  'cooperative_code',
  'cooperative_id',
  'cooperative_memberCount',
] as const;
export type CooperativeSortField = (typeof COOPERATIVE_SORTABLE)[number];
export type CooperativeListParams = ListParams<CooperativeSortField>;

export const cooperativesKey = ['cooperatives'] as const;
const writeKeys = [cooperativesKey, ['members']] as const;

export function useCooperativeList(params: CooperativeListParams) {
  return useQuery({
    queryKey: [...cooperativesKey, 'list', params],
    queryFn: () =>
      request(
        api.GET('/cooperative/get.cooperative_list', {
          params: { query: { ...pagingQuery(params), filter: optionalText(params.filter) } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One cooperative, read afresh for its edit form; `null`: nothing to read. */
export function useCooperative(id: number | null) {
  return useQuery({
    queryKey: [...cooperativesKey, 'one', id],
    queryFn: async () =>
      (
        await request(
          api.GET('/cooperative/get_cooperative/{cooperative_id}', { params: { path: { cooperative_id: id! } } }),
        )
      ).data,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export async function cooperativeOptions(search: string): Promise<Option[]> {
  const answer = await request(
    api.GET('/cooperative/get.cooperative_list', { params: { query: { filter: optionalText(search), _limit: 50 } } }),
  );
  return answer.data.map((row) => ({
    value: row.cooperative_id!,
    label: `${row.cooperative_name} (${row.cooperative_code})`,
  }));
}

export function useSaveCooperative() {
  return useWrite(writeKeys, (body: Cooperative) => request(api.POST('/cooperative/post_cooperative', { body })));
}

export function useDeleteCooperative() {
  return useWrite(writeKeys, (id: number) =>
    request(
      api.DELETE('/cooperative/delete_cooperative/{cooperative_id}', { params: { path: { cooperative_id: id } } }),
    ),
  );
}
