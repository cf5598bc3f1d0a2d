// The cooperatives' calls as TanStack Query hooks. Every write reloads the cooperatives' queries and the
// members' (which name their cooperative).
import { useQuery } from '@tanstack/react-query';
import type { TableRef } from 'antd';
import type { RefObject } from 'react';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import type { Option } from '../../shared/form/RemoteSelect';
import { keysetUnless, type NextStart } from '../../shared/list/keyset';
import { keysetQuery, optionalText, type ListParams } from '../../shared/list/listParams';
import { useKeysetList } from '../../shared/list/useKeysetList';

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

/** The sorts the server does not page by keyset (it refuses `after` with them): a count, not a column. */
export const COOPERATIVE_OFFSET_SORTS: readonly CooperativeSortField[] = ['cooperative_memberCount'];

/** How the list sorted by `orderBy` asks for its next page: after the last row, or past the rows loaded. */
export function nextCooperativeStart(orderBy: CooperativeSortField): NextStart<Cooperative> {
  return keysetUnless(orderBy, COOPERATIVE_OFFSET_SORTS, (row: Cooperative) => row.cooperative_id);
}

/** The cooperatives, read by pages of `params.pageSize` rows as the user scrolls `table`. */
export function useCooperativeList(params: CooperativeListParams, table: RefObject<TableRef | null>) {
  return useKeysetList({
    queryKey: [...cooperativesKey, 'list', params],
    fetchPage: (start) =>
      request(
        api.GET('/cooperative/get.cooperative_list', {
          params: { query: { ...keysetQuery(params, start), filter: optionalText(params.filter) } },
        }),
      ),
    pageSize: params.pageSize,
    next: nextCooperativeStart(params.orderBy),
    table,
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
