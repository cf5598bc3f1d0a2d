import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../test/fakeServer';
import { notifyError } from '../../shared/feedback/feedback';
import type { CardListParams } from './cardApi';
import { collectPendingIds, downloadCardsPdf, PrintAborted } from './printApi';

vi.mock('../../shared/feedback/feedback', () => ({
  notifyError: vi.fn(),
  notifyWarning: vi.fn(),
  notifySuccess: vi.fn(),
}));

const PRINT = 'POST /api/card/post.printing_card_list_by_id';
const encoder = new TextEncoder();

/** A streamed answer of `parts`; `fail`: the stream breaks after them; `hang`: it never ends. */
function streamed(parts: string[], { fail = false, hang = false } = {}): Response {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < parts.length) {
        controller.enqueue(encoder.encode(parts[i++]));
      } else if (fail) {
        controller.error(new TypeError('network error'));
      } else if (!hang) {
        controller.close();
      }
      // hang: nothing more, ever (until cancelled).
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/pdf' } });
}

describe("the PDF of cards, read from the server's stream", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(notifyError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends exactly the ids, tells the bytes received chunk by chunk, and gives the whole file', async () => {
    const server = fakeServer({ [PRINT]: () => streamed(['%PDF-1.7\n', 'x'.repeat(1000), '\n%%EOF\n']) });
    const received: number[] = [];
    const pdf = await downloadCardsPdf([3, 5], {
      signal: new AbortController().signal,
      onBytes: (n) => received.push(n),
    });
    expect(server.calls[0].body).toEqual({ card_ids: [3, 5] });
    expect(received).toEqual([9, 1009, 1016]);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.size).toBe(1016);
    expect((await pdf.text()).startsWith('%PDF-1.7')).toBe(true);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("shows the server's French message when it refuses", async () => {
    fakeServer({ [PRINT]: () => json({ status: 'error', message: "La carte n° 9 n'existe pas." }, 404) });
    await expect(downloadCardsPdf([9], { signal: new AbortController().signal })).rejects.toMatchObject({
      status: 404,
      message: "La carte n° 9 n'existe pas.",
    });
    expect(notifyError).toHaveBeenCalledWith("La carte n° 9 n'existe pas.");
  });

  it('says so when the file stops half-way, or lacks its end', async () => {
    const cut = "Le PDF s'est interrompu avant la fin et n'a pas été enregistré : relancez l'impression.";
    fakeServer({ [PRINT]: () => streamed(['%PDF-1.7\n', 'page 1'], { fail: true }) });
    await expect(downloadCardsPdf([1], { signal: new AbortController().signal })).rejects.toMatchObject({
      message: cut,
    });
    fakeServer({ [PRINT]: () => streamed(['%PDF-1.7\n', 'page 1']) });
    await expect(downloadCardsPdf([1], { signal: new AbortController().signal })).rejects.toMatchObject({
      message: cut,
    });
    expect(notifyError).toHaveBeenCalledTimes(2);
    expect(notifyError).toHaveBeenCalledWith(cut);
  });

  it('stops without a word when the user cancels', async () => {
    fakeServer({ [PRINT]: () => streamed(['%PDF-1.7\n'], { hang: true }) });
    const stop = new AbortController();
    const run = downloadCardsPdf([1, 2], { signal: stop.signal, onBytes: () => stop.abort() });
    await expect(run).rejects.toBeInstanceOf(PrintAborted);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('never asks for an empty list (the server would print every card waiting)', async () => {
    const server = fakeServer({});
    await expect(downloadCardsPdf([], { signal: new AbortController().signal })).rejects.toThrow();
    expect(server.calls).toHaveLength(0);
  });
});

describe('the cards waiting that the filters keep', () => {
  afterEach(() => vi.unstubAllGlobals());

  const params: CardListParams = {
    page: 1,
    pageSize: 2000,
    orderBy: 'card_lastname',
    descending: false,
    filter: ' Koné ',
    status: null,
    memberNumber: 'C0042',
  };

  it('are read by pages of 2,000 with the filters, pending only, after the last id', async () => {
    const queries: URLSearchParams[] = [];
    fakeServer({
      'GET /api/card/get.card_list': (call) => {
        const query = new URL(call.url).searchParams;
        queries.push(query);
        const data = query.has('after')
          ? [{ card_id: 9001 }, { card_id: 9002 }]
          : Array.from({ length: 2000 }, (_, i) => ({ card_id: i + 1 }));
        return json({ status: 'ok', data, total: 2002, totalExact: true });
      },
    });
    const collected = await collectPendingIds(params, { signal: new AbortController().signal });
    expect('ids' in collected && collected.ids.length).toBe(2002);
    expect(queries).toHaveLength(2);
    expect(queries[0].get('card_status')).toBe('pending');
    expect(queries[0].get('filter')).toBe('Koné');
    expect(queries[0].get('member_idNumber')).toBe('C0042');
    expect(queries[0].get('_orderBy')).toBe('card_lastname');
    expect(queries[0].get('_limit')).toBe('2000');
    expect(queries[0].has('after')).toBe(false);
    expect(queries[1].get('after')).toBe('2000');
  });

  it('are refused beyond 5,000, without reading them all', async () => {
    const server = fakeServer({
      'GET /api/card/get.card_list': () =>
        json({ status: 'ok', data: Array.from({ length: 2000 }, (_, i) => ({ card_id: i + 1 })), total: 12000 }),
    });
    expect(await collectPendingIds(params, { signal: new AbortController().signal })).toEqual({ tooMany: true });
    expect(server.calls).toHaveLength(1);
  });
});
