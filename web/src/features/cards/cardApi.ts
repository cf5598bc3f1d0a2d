// The cards' calls as TanStack Query hooks: the list, one card, the members a card can be made for (read
// again on demand), the making of their cards, the marking of printed cards, and the correction, reprint
// and cancellation of one card. Every write reloads the cards' queries, the members' (whose list says who
// has a card) and the payments' (a card spends one).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableRef } from 'antd';
import type { RefObject } from 'react';
import { api, fetchBlob, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import { notifySuccess } from '../../shared/feedback/feedback';
import { afterLast } from '../../shared/list/keyset';
import { keysetQuery, optionalText, type ListParams } from '../../shared/list/listParams';
import { useKeysetList } from '../../shared/list/useKeysetList';
import { fr } from '../../shared/locale/fr';
import { transactionsKey } from './api';

export type Card = Schemas['Card'];
/** A card as the lists show it (the whole card is `useCard`'s). */
export type CardRow = Schemas['CardRow'];
export type CardCandidate = Schemas['CardCandidate'];
export type CreatedCards = Schemas['CreatedCards'];
export type CardInput = Schemas['CardInput'];
export type Reprint = Schemas['Reprint'];

/** The fields the gateway lets the list sort on. */
export const CARD_SORTABLE = [
  'card_id',
  'card_idNumber',
  'card_lastname',
  'card_status',
  'card_expirationDate',
] as const;
export type CardSortField = (typeof CARD_SORTABLE)[number];

export interface CardListParams extends ListParams<CardSortField> {
  /** One status only; `null`: every status. */
  status: string | null;
  /** The cards of the member with this number; `''`: everyone's. */
  memberNumber: string;
}

export const cardsKey = ['cards'] as const;
const writeKeys = [cardsKey, transactionsKey, ['members'], ['deliveries']] as const;

/** The list's own filters as its call (and its export) sends them; empty text is no filter. */
export function cardListFilters(params: CardListParams) {
  return {
    filter: optionalText(params.filter),
    card_status: params.status ?? undefined,
    member_idNumber: optionalText(params.memberNumber),
  };
}

/** The cards, read by keyset pages of `params.pageSize` rows as the user scrolls `table`. */
export function useCardList(params: CardListParams, table: RefObject<TableRef | null>) {
  return useKeysetList({
    queryKey: [...cardsKey, 'list', params],
    fetchPage: (start) =>
      request(
        api.GET('/card/get.card_list', {
          params: {
            query: { ...keysetQuery(params, start), ...cardListFilters(params) },
          },
        }),
      ),
    pageSize: params.pageSize,
    next: afterLast((row: CardRow) => row.card_id),
    table,
  });
}

/** Statuses of a card no longer in use: it is not the member's card any more. */
const ENDED: readonly string[] = ['cancelled', 'revoked'];

/** The member's newest card still in use, read whole (its QR code included); `null` when it has none. */
export async function memberCurrentCard(memberId: number): Promise<Card | null> {
  const list = await request(
    api.GET('/card/get.card_list', {
      params: { query: { member_id: memberId, _limit: 20, _orderBy: 'card_id', _descending: true } },
    }),
  );
  const row = list.data.find((card) => !ENDED.includes(card.card_status));
  if (!row?.card_id) return null;
  const card_id = row.card_id;
  return (await request(api.GET('/card/get_card/{card_id}', { params: { path: { card_id } } }))).data;
}

/** One card, read afresh for its detail; `null`: nothing to read. */
export function useCard(id: number | null) {
  return useQuery({
    queryKey: [...cardsKey, 'one', id],
    queryFn: async () =>
      (await request(api.GET('/card/get_card/{card_id}', { params: { path: { card_id: id! } } }))).data,
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The object URL of the photo printed on a card (fetched with the token); undefined without one. */
export function useCardPhoto(path: string | null | undefined) {
  const photo = useQuery({
    queryKey: ['cardPhoto', path],
    queryFn: () => fetchBlob(path!),
    enabled: !!path,
    // A photo's version is in its address: it never changes.
    staleTime: Infinity,
  });
  return photo.data ?? null;
}

const candidatesKey = (page: number, pageSize: number) => [...cardsKey, 'candidates', page, pageSize];
const candidatesQuery = (page: number, pageSize: number) => ({
  params: { query: { _limit: pageSize, _offset: (page - 1) * pageSize } },
});

/** Members with an unused payment covering the card's price and no card standing (asked only when `enabled`). */
export function useCardCandidates(page: number, pageSize: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: candidatesKey(page, pageSize),
    queryFn: () => request(api.POST('/card/get.card_creation.member_list', candidatesQuery(page, pageSize))),
    placeholderData: keepPreviousData,
  });
}

/** The same page of candidates, after the server read the members again (names, photos, numbers). */
export function useRefreshCandidates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ page, pageSize }: { page: number; pageSize: number }) =>
      request(api.POST('/card/post.card_creation.refresh', candidatesQuery(page, pageSize))),
    onSuccess: (answer, { page, pageSize }) => {
      queryClient.setQueryData(candidatesKey(page, pageSize), answer);
      notifySuccess(fr.cards.creation.refreshed);
    },
  });
}

/** Makes the cards of the chosen members; the screen sums the answer up itself (no notice). */
export function useCreateCards() {
  return useWrite(writeKeys, async (memberIds: number[]): Promise<{ message?: string; data: CreatedCards }> => {
    const answer = await request(api.POST('/card/get.card_creation.create', { body: { member_ids: memberIds } }));
    return { data: answer.data };
  });
}

/** pending -> printed, for all the cards given or none (409: the server's message says which). */
export function useMarkPrinted() {
  return useWrite(writeKeys, async (cardIds: number[]) => {
    await request(api.POST('/card/post.mark_as_printed', { body: { card_ids: cardIds } }));
    return { message: fr.cards.printed(cardIds.length) };
  });
}

/** Corrects the identity printed on a card waiting to be printed (409 once printed). */
export function useCorrectCard() {
  return useWrite(writeKeys, (body: CardInput) => request(api.POST('/card/post_card', { body })));
}

/** Replaces a printed card by a new one waiting to be printed; the answer's id is the new card's. */
export function useReprintCard() {
  return useWrite(writeKeys, (body: Reprint) => request(api.POST('/card/post.card_reprint', { body })));
}

/** Cancels a card (administrators and managers). */
export function useCancelCard() {
  return useWrite(writeKeys, (id: number) =>
    request(api.DELETE('/card/delete_card/{card_id}', { params: { path: { card_id: id } } })),
  );
}
