// Members' payments (transactions) as TanStack Query hooks: the list (of everyone, or of one member), the
// search by operator's number, one payment, writes, and the operators a payment may name. Every write
// reloads the payments' queries and the members' (whose list says who has an unused payment).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableRef } from 'antd';
import type { RefObject } from 'react';
import { api, type Schemas } from '../../shared/api/client';
import { fetchLoginParam, LOGIN_PARAMS_KEY } from '../../shared/api/loginParam';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import { afterLast } from '../../shared/list/keyset';
import { keysetQuery, pagingQuery, type ListParams } from '../../shared/list/listParams';
import { useKeysetList } from '../../shared/list/useKeysetList';
import { OPERATORS_PARAM, parseOperators } from './operators';
import { parsePaymentTypes, TYPES_PARAM } from './paymentTypes';

export type Transaction = Schemas['Transaction'];
export type TransactionInput = Schemas['TransactionInput'];

/** The fields the gateway lets the list sort on. */
export const TRANSACTION_SORTABLE = [
  'transaction_id',
  'transaction_date',
  'transaction_amount',
  'transaction_number',
  'transaction_mobileOperator',
] as const;
export type TransactionSortField = (typeof TRANSACTION_SORTABLE)[number];

export interface TransactionListParams extends ListParams<TransactionSortField> {
  /** The payments of this member only; `null`: everyone's. */
  memberId: number | null;
  /** Only the payments a card may still spend (neither spent nor cancelled); absent or false: all. */
  spendable?: boolean;
}

/** A search by the operator's number (spaces and case aside), of one operator or of all (`''`). */
export interface TransactionSearch {
  number: string;
  operator: string;
}

export const transactionsKey = ['transactions'] as const;
const writeKeys = [transactionsKey, ['members']] as const;

/** The list's own filters as its call (and its export) sends them. */
export function transactionListFilters(params: TransactionListParams) {
  return {
    member_id: params.memberId ?? undefined,
    spendable: params.spendable || undefined,
  };
}

/**
 * Everyone's payments, read by keyset pages of `params.pageSize` rows as the user scrolls `table`; nothing
 * is read while `enabled` is false.
 */
export function useTransactionPages(params: TransactionListParams, table: RefObject<TableRef | null>, enabled = true) {
  return useKeysetList({
    queryKey: [...transactionsKey, 'pages', params],
    fetchPage: (start) =>
      request(
        api.GET('/transaction/get.transaction_list', {
          params: {
            query: { ...keysetQuery(params, start), ...transactionListFilters(params) },
          },
        }),
      ),
    pageSize: params.pageSize,
    next: afterLast((row: Transaction) => row.transaction_id),
    table,
    enabled,
  });
}

/** The payments of one member (a drawer's tab), page by page. */
export function useTransactionList(params: TransactionListParams) {
  return useQuery({
    queryKey: [...transactionsKey, 'list', params],
    queryFn: () =>
      request(
        api.GET('/transaction/get.transaction_list', {
          params: { query: { ...pagingQuery(params), member_id: params.memberId ?? undefined } },
        }),
      ),
    // Keep the current rows on screen while the next page or sort loads.
    placeholderData: keepPreviousData,
  });
}

/** The payments with an operator's number; `null`: no search. */
export function useTransactionSearch(search: TransactionSearch | null) {
  return useQuery({
    queryKey: [...transactionsKey, 'search', search],
    queryFn: () =>
      request(
        api.GET('/get.transaction_search', {
          params: {
            query: {
              transaction_number: search!.number,
              transaction_mobileOperator: search!.operator || undefined,
            },
          },
        }),
      ),
    enabled: search !== null,
  });
}

/** One payment, read afresh for its edit form; `null`: nothing to read. */
export function useTransaction(id: number | null) {
  return useQuery({
    queryKey: [...transactionsKey, 'one', id],
    queryFn: async () =>
      (
        await request(
          api.GET('/transaction/get_transaction/{transaction_id}', { params: { path: { transaction_id: id! } } }),
        )
      ).data,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A list kept in a login parameter, parsed; one that is not set (404) gives the defaults, without a notice. */
function useListSetting<T>(name: string, parse: (setting: string | null | undefined) => T) {
  return useQuery({
    queryKey: [...LOGIN_PARAMS_KEY, name],
    queryFn: async () => parse((await fetchLoginParam(name))?.loginParam_stringValue),
    staleTime: 5 * 60_000,
  });
}

/** The mobile-money operators of the settings. */
export const useOperators = () => useListSetting(OPERATORS_PARAM, parseOperators);

/** The payment types of the settings, with their French labels. */
export const usePaymentTypes = () => useListSetting(TYPES_PARAM, parsePaymentTypes);

export function useSaveTransaction() {
  return useWrite(writeKeys, (body: TransactionInput) => request(api.POST('/transaction/post_transaction', { body })));
}

/** Deletes a payment with its reason: the server keeps it as cancelled (who, when, why). */
export function useDeleteTransaction() {
  return useWrite(writeKeys, ({ id, reason }: { id: number; reason: string }) =>
    request(
      api.DELETE('/transaction/delete_transaction/{transaction_id}', {
        params: { path: { transaction_id: id }, query: { reason } },
      }),
    ),
  );
}
