import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../test/fakeServer';
import { saveFile } from '../api/download';
import { notifyError } from '../feedback/feedback';
import type { ExportJob } from './job';
import { exportCalls, exportQuery } from './lists';

vi.mock('../feedback/feedback', () => ({ notifyError: vi.fn(), notifyWarning: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../api/download', () => ({ saveFile: vi.fn() }));

const job: ExportJob = {
  export_id: 'a1b2',
  export_list: 'members',
  export_format: 'csv',
  export_status: 'waiting',
  export_rowsTotal: 0,
  export_rowsDone: 0,
  export_fileName: '',
  export_size: 0,
  export_error: '',
  export_createdAt: '2026-11-26T01:00:00Z',
  export_finishedAt: null,
};

/** The query of the `n`th call the fake server received. */
function queryOf(server: ReturnType<typeof fakeServer>, n = 0): Record<string, string> {
  const [input] = server.fetch.mock.calls[n];
  return Object.fromEntries(new URL(input instanceof Request ? input.url : String(input)).searchParams);
}

describe("the lists' export calls", () => {
  beforeEach(() => {
    vi.mocked(notifyError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("send the list's sort and filters, as its own call does, and the format", async () => {
    const server = fakeServer({
      'POST /api/member/post.member_export': () => json({ status: 'ok', data: job }),
    });
    const params = { page: 1, pageSize: 2000, orderBy: 'member_firstname', descending: false, filter: 'Bamba' };
    const filters = exportQuery(params, { filter: 'Bamba', filter_idNumber: undefined, createdBy: undefined });
    expect(filters).toEqual({ _orderBy: 'member_firstname', _descending: false, filter: 'Bamba' });

    const started = await exportCalls.start('member', 'csv', filters);
    expect(started.export_id).toBe('a1b2');
    // Every row the filters keep: no paging.
    expect(queryOf(server)).toEqual({
      _orderBy: 'member_firstname',
      _descending: 'false',
      filter: 'Bamba',
      format: 'csv',
    });
  });

  it('each list calls its own area', async () => {
    const server = fakeServer({
      'POST /api/card/post.card_export': () => json({ status: 'ok', data: job }),
      'POST /api/delivery/post.delivery_export': () => json({ status: 'ok', data: job }),
      'POST /api/transaction/post.transaction_export': () => json({ status: 'ok', data: job }),
      'GET /api/transaction/get.transaction_export/a1b2': () => json({ status: 'ok', data: job }),
    });
    await exportCalls.start('card', 'xlsx', { _orderBy: 'card_id', _descending: true, card_status: 'pending' });
    await exportCalls.start('delivery', 'csv', { _orderBy: 'delivery_id', _descending: true, sent: false });
    await exportCalls.start('transaction', 'csv', { _orderBy: 'transaction_id', _descending: true, spendable: true });
    await exportCalls.read('transaction', 'a1b2');
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/card/post.card_export',
      'POST /api/delivery/post.delivery_export',
      'POST /api/transaction/post.transaction_export',
      'GET /api/transaction/get.transaction_export/a1b2',
    ]);
    expect(queryOf(server, 0)).toMatchObject({ card_status: 'pending', format: 'xlsx' });
    expect(queryOf(server, 1)).toMatchObject({ sent: 'false' });
    expect(queryOf(server, 2)).toMatchObject({ spendable: 'true' });
  });

  it('read a job quietly: a job the server does not know throws a 404 without a notice', async () => {
    fakeServer({
      'GET /api/member/get.member_export/zz': () => json({ status: 'error', message: 'Export introuvable' }, 404),
    });
    await expect(exportCalls.read('member', 'zz')).rejects.toMatchObject({ status: 404 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('save the file under the name the server gave it', async () => {
    fakeServer({
      'GET /api/delivery/get.delivery_export_file/a1b2': () =>
        new Response('\uFEFFCode;Cartes\r\nLIV-1;3\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="livraisons.csv"' },
        }),
    });
    await exportCalls.download('delivery', { ...job, export_status: 'done', export_fileName: 'livraisons-2026.csv' });
    expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'livraisons-2026.csv');
    const blob = vi.mocked(saveFile).mock.calls[0][0];
    expect(await blob.text()).toContain('LIV-1;3');
  });
});
