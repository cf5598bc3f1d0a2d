// The network side of printing cards: the ids of the cards waiting to be printed that match the list's
// filters (read through the list call, page by page), and the PDF of given cards, read from its stream
// chunk by chunk so that the bytes received can be shown and the run stopped. An abort is silent; any
// other failure shows its French notice (the server's message when it answered one) and throws.
import { api } from '../../shared/api/client';
import { ApiError, request, type RequestOptions } from '../../shared/api/request';
import { notifyError } from '../../shared/feedback/feedback';
import { keysetQuery, optionalText } from '../../shared/list/listParams';
import { fr } from '../../shared/locale/fr';
import type { CardListParams } from './cardApi';
import { COLLECT_PAGE_SIZE, collectIds, isWholePdf, PRINT_CAP, type Collected } from './printing';

interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** Thrown when the user stopped the run: nothing to say. */
export class PrintAborted extends Error {
  constructor() {
    super('aborted');
    this.name = 'PrintAborted';
  }
}

export const isAborted = (error: unknown) => error instanceof PrintAborted;

/** `request`, except that a call stopped by `signal` throws PrintAborted without a notice. */
async function settle<R extends CallResult>(
  call: Promise<R>,
  signal: AbortSignal,
  options?: RequestOptions,
): Promise<NonNullable<R['data']>> {
  // Settled first, to tell an abort from a failure; `request` then reads the same outcome again.
  await call.then(
    () => undefined,
    () => undefined,
  );
  if (signal.aborted) throw new PrintAborted();
  return request(call, options);
}

/**
 * The ids of the cards waiting to be printed that the list's search and filters keep (its status filter
 * aside: only pending cards), in the list's order; `tooMany` beyond `cap`.
 */
export function collectPendingIds(
  params: CardListParams,
  {
    signal,
    onFound,
    cap = PRINT_CAP,
  }: { signal: AbortSignal; onFound?: (n: number, total: number) => void; cap?: number },
): Promise<Collected> {
  const list = { ...params, pageSize: COLLECT_PAGE_SIZE };
  return collectIds(
    async (after) => {
      const answer = await settle(
        api.GET('/card/get.card_list', {
          params: {
            query: {
              ...keysetQuery(list, after === null ? null : { after }),
              filter: optionalText(params.filter),
              card_status: 'pending',
              member_idNumber: optionalText(params.memberNumber),
            },
          },
          signal,
        }),
        signal,
      );
      return {
        ids: answer.data.flatMap((row) => (row.card_id == null ? [] : [row.card_id])),
        total: answer.total,
        totalExact: answer.totalExact ?? true,
      };
    },
    { cap, pageSize: COLLECT_PAGE_SIZE, onFound },
  );
}

function cutShort(cause?: unknown): ApiError {
  notifyError(fr.cards.print.cutShort);
  return new ApiError(fr.cards.print.cutShort, 0, undefined, { cause });
}

/**
 * The PDF of the cards `ids` (never empty: the server would print every pending card), read from the
 * stream; `onBytes` hears the count of bytes received after each chunk. Stopped by `signal`.
 */
export async function downloadCardsPdf(
  ids: readonly number[],
  { signal, onBytes }: { signal: AbortSignal; onBytes?: (bytes: number) => void },
): Promise<Blob> {
  if (ids.length === 0) throw new Error('Aucune carte à imprimer.');
  const stream = await settle(
    api.POST('/card/post.printing_card_list_by_id', {
      body: { card_ids: [...ids] },
      parseAs: 'stream',
      signal,
    }),
    signal,
    { file: true },
  );
  // An answer without a body (none of the server's): no file.
  if (!stream) throw cutShort();
  const reader = stream.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', stop);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw new PrintAborted();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onBytes?.(bytes);
    }
  } catch (cause) {
    if (signal.aborted || cause instanceof PrintAborted) throw new PrintAborted();
    // The server stopped half-way (it logged why): the file would lack pages.
    throw cutShort(cause);
  } finally {
    signal.removeEventListener('abort', stop);
  }
  if (!isWholePdf(chunks)) throw cutShort();
  return new Blob(chunks as BlobPart[], { type: 'application/pdf' });
}
