// The parcels' calls as TanStack Query hooks. Every write reloads the parcels' queries.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import { optionalText, pagingQuery, type ListParams } from '../../shared/list/listParams';

export type Parcel = Schemas['Parcel'];

/** The fields the gateway lets the list sort on. */
export const PARCEL_SORTABLE = ['parcel_code', 'parcel_id', 'parcel_area', 'parcel_crop', 'member_name'] as const;
export type ParcelSortField = (typeof PARCEL_SORTABLE)[number];

export interface ParcelListParams extends ListParams<ParcelSortField> {
  crop: string;
  memberId: number | null;
}

export const parcelsKey = ['parcels'] as const;

export function useParcelList(params: ParcelListParams) {
  return useQuery({
    queryKey: [...parcelsKey, 'list', params],
    queryFn: () =>
      request(
        api.GET('/parcel/get.parcel_list', {
          params: {
            query: {
              ...pagingQuery(params),
              filter: optionalText(params.filter),
              crop: optionalText(params.crop),
              memberId: params.memberId ?? undefined,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
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
