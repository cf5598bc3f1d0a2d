// The deliveries' calls as TanStack Query hooks: the list, one delivery with its cards, the printed cards
// no delivery holds yet, the writes (create, send, delete, proof upload), the slips as a PDF to save and
// the proof to see. Every write reloads the deliveries' and the cards' queries (a delivery changes its
// cards' statuses).
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TableRef } from 'antd';
import type { RefObject } from 'react';
import { api, type Schemas } from '../../shared/api/client';
import { openFile, saveFile } from '../../shared/api/download';
import { request } from '../../shared/api/request';
import { postForm } from '../../shared/api/upload';
import { useWrite } from '../../shared/api/useWrite';
import { afterLast } from '../../shared/list/keyset';
import { keysetQuery, optionalText, type ListParams } from '../../shared/list/listParams';
import { useKeysetList } from '../../shared/list/useKeysetList';
import { cardsKey } from '../cards/cardApi';

export type Delivery = Schemas['Delivery'];
export type DeliveryDetail = Schemas['DeliveryDetail'];
export type DeliveryInput = Schemas['DeliveryInput'];
type Written = Schemas['Written'];

/** The fields the gateway lets the list sort on. */
export const DELIVERY_SORTABLE = [
  'delivery_id',
  'delivery_code',
  'delivery_creationDateTime',
  'delivery_sentDateTime',
] as const;
export type DeliverySortField = (typeof DELIVERY_SORTABLE)[number];

export interface DeliveryListParams extends ListParams<DeliverySortField> {
  /** The deliveries holding the card of this card or member number; `''`: all. */
  idNumber: string;
  /** `false`: the deliveries under way (not handed over yet); `true`: those sent; absent: all. */
  sent?: boolean;
}

export const deliveriesKey = ['deliveries'] as const;
const writeKeys = [deliveriesKey, cardsKey] as const;

/** The list's own filters as its call (and its export) sends them: `filter` is the part of the code searched. */
export function deliveryListFilters(params: DeliveryListParams) {
  return {
    delivery_code: optionalText(params.filter),
    id_number: optionalText(params.idNumber),
    sent: params.sent,
  };
}

/**
 * The deliveries, read by keyset pages of `params.pageSize` rows as the user scrolls `table`; `filter` is
 * the part of the code searched.
 */
export function useDeliveryList(params: DeliveryListParams, table: RefObject<TableRef | null>) {
  return useKeysetList({
    queryKey: [...deliveriesKey, 'list', params],
    fetchPage: (start) =>
      request(
        api.GET('/delivery/get.delivery_list', {
          params: {
            query: { ...keysetQuery(params, start), ...deliveryListFilters(params) },
          },
        }),
      ),
    pageSize: params.pageSize,
    next: afterLast((row: Delivery) => row.delivery_id),
    table,
  });
}

/** One delivery and its cards; `null`: nothing to read. */
export function useDelivery(id: number | null) {
  return useQuery({
    queryKey: [...deliveriesKey, 'one', id],
    queryFn: async () =>
      (await request(api.GET('/delivery/get.delivery/{delivery_id}', { params: { path: { delivery_id: id! } } }))).data,
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The printed cards that no delivery holds yet. */
/** The printed cards no delivery holds yet, found by the server from `filter` (card number, names). */
export function useCardsToDeliver(filter: string) {
  return useQuery({
    queryKey: [...cardsKey, 'toDeliver', filter],
    queryFn: () =>
      request(
        api.GET('/card/get.card_to_deliver', {
          params: { query: { _orderBy: 'card_idNumber', ...(filter ? { filter } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSaveDelivery() {
  return useWrite(writeKeys, (body: DeliveryInput) => request(api.POST('/delivery/post_delivery', { body })));
}

export function useDeleteDelivery() {
  return useWrite(writeKeys, (id: number) =>
    request(api.DELETE('/delivery/delete.delivery/{delivery_id}', { params: { path: { delivery_id: id } } })),
  );
}

/** Saves the slips of the deliveries `ids` (one PDF) as `fileName`. */
export function useDeliverySlips() {
  return useMutation({
    mutationFn: async ({ ids, fileName }: { ids: number[]; fileName: string }) => {
      const pdf = await request(
        api.POST('/delivery/post.printing_delivery_list_by_id', { body: { delivery_ids: ids }, parseAs: 'blob' }),
        { file: true },
      );
      saveFile(pdf, fileName);
    },
  });
}

/** Sends the proof of a delivery (replacing the one it had). */
export function useUploadProof() {
  return useWrite(writeKeys, ({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('delivery_proof', file, file.name);
    return request(postForm<Written>(`/api/delivery/post.delivery_proof/${id}`, form));
  });
}

/** Shows the proof of a delivery in a new tab. */
export function useOpenProof() {
  return useMutation({
    mutationFn: async (id: number) =>
      openFile(
        await request(
          api.GET('/delivery/get.delivery_proof/{delivery_id}', {
            params: { path: { delivery_id: id } },
            parseAs: 'blob',
          }),
          { file: true },
        ),
      ),
  });
}
