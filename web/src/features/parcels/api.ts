// The parcels' calls as TanStack Query hooks. Every write reloads the parcels' queries.
import { useQuery } from '@tanstack/react-query';
import type { TableRef } from 'antd';
import type { RefObject } from 'react';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import { keysetUnless, type NextStart } from '../../shared/list/keyset';
import { keysetQuery, optionalText, type ListParams } from '../../shared/list/listParams';
import { useKeysetList } from '../../shared/list/useKeysetList';

export type Parcel = Schemas['Parcel'];

/** The fields the gateway lets the list sort on. */
export const PARCEL_SORTABLE = ['parcel_code', 'parcel_id', 'parcel_area', 'parcel_crop', 'member_name'] as const;
export type ParcelSortField = (typeof PARCEL_SORTABLE)[number];

export interface ParcelListParams extends ListParams<ParcelSortField> {
  crop: string;
  memberId: number | null;
}

export const parcelsKey = ['parcels'] as const;

/**
 * The sorts the server does not page by keyset (it refuses `after` with them): the member's name, only
 * known after joining the members.
 */
export const PARCEL_OFFSET_SORTS: readonly ParcelSortField[] = ['member_name'];

/** How the list sorted by `orderBy` asks for its next page: after the last row, or past the rows loaded. */
export function nextParcelStart(orderBy: ParcelSortField): NextStart<Parcel> {
  return keysetUnless(orderBy, PARCEL_OFFSET_SORTS, (row: Parcel) => row.parcel_id);
}

/** The parcels, read by pages of `params.pageSize` rows as the user scrolls `table`. */
export function useParcelList(params: ParcelListParams, table: RefObject<TableRef | null>) {
  return useKeysetList({
    queryKey: [...parcelsKey, 'list', params],
    fetchPage: (start) =>
      request(
        api.GET('/parcel/get.parcel_list', {
          params: {
            query: {
              ...keysetQuery(params, start),
              filter: optionalText(params.filter),
              crop: optionalText(params.crop),
              memberId: params.memberId ?? undefined,
            },
          },
        }),
      ),
    pageSize: params.pageSize,
    next: nextParcelStart(params.orderBy),
    table,
  });
}

/** One parcel, read afresh for its edit form; `null`: nothing to read. */
export function useParcel(id: number | null) {
  return useQuery({
    queryKey: [...parcelsKey, 'one', id],
    queryFn: async () =>
      (await request(api.GET('/parcel/get_parcel/{parcel_id}', { params: { path: { parcel_id: id! } } }))).data,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSaveParcel() {
  return useWrite([parcelsKey], (body: Parcel) => request(api.POST('/parcel/post_parcel', { body })));
}

export function useDeleteParcel() {
  return useWrite([parcelsKey], (id: number) =>
    request(api.DELETE('/parcel/delete_parcel/{parcel_id}', { params: { path: { parcel_id: id } } })),
  );
}
