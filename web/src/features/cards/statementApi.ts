// Operators' statements as TanStack Query hooks: the import of a statement (all rows or none), the
// payments no member was found for, and their assignment to a member. Every write reloads the payments'
// queries, the members' (who has an unused payment), the cards' (who may get a card) and the unmatched.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import { transactionsKey } from './api';
import { cardsKey } from './cardApi';

export type Statement = Schemas['Statement'];
export type StatementResult = Schemas['StatementResult'];
export type UnmatchedPayment = Schemas['UnmatchedPayment'];
export type Assignment = Schemas['Assignment'];

export const unmatchedKey = ['unmatchedPayments'] as const;
const writeKeys = [transactionsKey, ['members'], cardsKey, unmatchedKey] as const;

/** Records a statement; the screen shows the counts itself (no notice). */
export function useImportStatement() {
  return useWrite(writeKeys, async (body: Statement): Promise<{ message?: string; data: StatementResult }> => {
    const answer = await request(api.POST('/transaction/post.statement_import', { body }));
    return { data: answer.data };
  });
}

/** The payments waiting for a member, oldest first. */
export function useUnmatchedList(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...unmatchedKey, page, pageSize],
    queryFn: () =>
      request(
        api.GET('/transaction/get.unmatched_list', {
          params: { query: { _limit: pageSize, _offset: (page - 1) * pageSize } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Records an unmatched payment as the member's transaction. */
export function useAssignUnmatched() {
  return useWrite(writeKeys, (body: Assignment) => request(api.POST('/transaction/post.unmatched_assign', { body })));
}
