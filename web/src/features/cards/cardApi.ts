// The cards' calls as TanStack Query hooks: the list, one card, the members a card can be made for, the
// making of their cards, and the marking of printed cards. Every write reloads the cards' queries, the
// members' (whose list says who has a card) and the payments' (a card spends one).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, fetchBlob, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import { optionalText, pagingQuery, type ListParams } from '../../shared/list/listParams';
import { fr } from '../../shared/locale/fr';
import { transactionsKey } from './api';

export type Card = Schemas['Card'];
export type CardCandidate = Schemas['CardCandidate'];
export type CreatedCards = Schemas['CreatedCards'];

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

export function useCardList(params: CardListParams) {
  return useQuery({
    queryKey: [...cardsKey, 'list', params],
    queryFn: () =>
      request(
        api.GET('/card/get.card_list', {
          params: {
            query: {
              ...pagingQuery(params),
              filter: optionalText(params.filter),
              card_status: params.status ?? undefined,
              member_idNumber: optionalText(params.memberNumber),
            },
          },
        }),
      ),
    // Keep the current rows on screen while the next page or sort loads.
    placeholderData: keepPreviousData,
  });
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

/** Members with an unused payment covering the card's price and no card standing. */
export function useCardCandidates(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...cardsKey, 'candidates', page, pageSize],
    queryFn: () =>
      request(
        api.POST('/card/get.card_creation.member_list', {
          params: { query: { _limit: pageSize, _offset: (page - 1) * pageSize } },
        }),
      ),
    placeholderData: keepPreviousData,
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
