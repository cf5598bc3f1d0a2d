// Operators' statements as TanStack Query hooks: the import of a statement (all rows or none) as a job on
// the server (its rows sent in parts, then checked and recorded in the background while its progress is
// read), the payments no member was found for, and their assignment to a member. Every write reloads the payments'
// queries, the members' (who has an unused payment), the cards' (who may get a card) and the unmatched.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import { transactionsKey } from './api';
import { cardsKey } from './cardApi';

export type Statement = Schemas['Statement'];
export type StatementJob = Schemas['StatementJob'];
export type StatementResult = Schemas['StatementResult'];
export type UnmatchedPayment = Schemas['UnmatchedPayment'];
export type Assignment = Schemas['Assignment'];

export const unmatchedKey = ['unmatchedPayments'] as const;
const writeKeys = [transactionsKey, ['members'], cardsKey, unmatchedKey] as const;

/** Rows sent at a time (the server takes at most 10,000 a part). */
export const PART_ROWS = 5_000;
const POLL_MS = 400;

/** Where an import stands: its rows being sent, then checked, then recorded by the server. */
export type StatementProgress = { phase: 'sending' | 'checking' | 'writing'; done: number; total: number };

/** The server refused the statement: nothing was recorded; `message` names the faulty rows. */
export class StatementRefused extends Error {}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Imports a statement as a job, telling `onProgress` where it stands; the screen shows the counts itself
 * (no notice), or the faults of a `StatementRefused`. */
export function useImportStatement(onProgress: (progress: StatementProgress) => void) {
  type Imported = { message?: string; data: StatementResult };
  return useWrite(writeKeys, async ({ transaction_mobileOperator, rows }: Statement): Promise<Imported> => {
    const total = rows.length;
    onProgress({ phase: 'sending', done: 0, total });
    const start = { transaction_mobileOperator, rows_total: total };
    const job_id = (await request(api.POST('/transaction/post.statement_job', { body: start }))).data.job_id;
    for (let first = 0; first < total; first += PART_ROWS) {
      const part = { job_id, first_row: first, rows: rows.slice(first, first + PART_ROWS) };
      await request(api.POST('/transaction/post.statement_job_rows', { body: part }));
      onProgress({ phase: 'sending', done: Math.min(first + PART_ROWS, total), total });
    }
    for (;;) {
      const job: StatementJob = (
        await request(api.GET('/transaction/get.statement_job/{jobId}', { params: { path: { jobId: job_id } } }))
      ).data;
      if (job.status === 'done' && job.result) return { data: job.result };
      if (job.status === 'failed') throw new StatementRefused(job.error);
      const phase = job.status === 'writing' ? 'writing' : 'checking';
      onProgress({ phase, done: job.rows_done, total });
      await wait(POLL_MS);
    }
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
