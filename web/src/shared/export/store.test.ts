import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/request';
import type { ExportFormat, ExportJob, ExportList } from './job';
import { createExportStore, MAX_ENTRIES, runningCount, storageKey, type ExportCalls } from './store';

/** A Storage in memory. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

interface Patch {
  id?: string;
  list?: string;
  format?: string;
  status?: string;
  rowsTotal?: number;
  rowsDone?: number;
  fileName?: string;
  error?: string;
}

/** A job as the server answers it. */
const job = (patch: Patch = {}): ExportJob => ({
  export_id: patch.id ?? 'e1',
  export_list: patch.list ?? 'members',
  export_format: patch.format ?? 'csv',
  export_status: patch.status ?? 'running',
  export_rowsTotal: patch.rowsTotal ?? 100,
  export_rowsDone: patch.rowsDone ?? 0,
  export_fileName: patch.fileName ?? '',
  export_size: 0,
  export_error: patch.error ?? '',
  export_createdAt: '2026-11-26T01:00:00Z',
  export_finishedAt: null,
});

/** A server whose jobs the test moves on by hand; every read is counted. */
function fakeCalls(jobs: Map<string, ExportJob>) {
  let next = 1;
  const reads: string[] = [];
  const calls: ExportCalls = {
    start: vi.fn((list: ExportList, format: ExportFormat) => {
      const started = job({ id: `e${next++}`, list: `${list}s`, format, status: 'waiting', rowsTotal: 0 });
      jobs.set(started.export_id, started);
      return Promise.resolve(started);
    }),
    read: vi.fn((_list, id: string) => {
      reads.push(id);
      const found = jobs.get(id);
      return found ? Promise.resolve(found) : Promise.reject(new ApiError('Export introuvable', 404));
    }),
    download: vi.fn(() => Promise.resolve()),
  };
  return { calls, reads };
}

/** Lets the round of reads a timer started finish. */
async function tick(ms = 1000) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('the export store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows a started job every second, and stops asking once it has ended', async () => {
    const jobs = new Map<string, ExportJob>();
    const { calls, reads } = fakeCalls(jobs);
    const store = createExportStore({ calls, storage: memoryStorage() });
    store.setAccount('7');
    await tick(0);

    const started = await store.start('member', 'csv', { filter: 'Kouamé', _orderBy: 'member_lastname' });
    expect(calls.start).toHaveBeenCalledWith('member', 'csv', { filter: 'Kouamé', _orderBy: 'member_lastname' });
    expect(store.getSnapshot().map((entry) => entry.id)).toEqual([started.export_id]);
    expect(runningCount(store.getSnapshot())).toBe(1);
    expect(store.isPolling()).toBe(true);

    jobs.set(started.export_id, job({ id: started.export_id, rowsTotal: 100, rowsDone: 40 }));
    await tick();
    expect(store.getSnapshot()[0].job).toMatchObject({ export_status: 'running', export_rowsDone: 40 });

    jobs.set(started.export_id, job({ id: started.export_id, status: 'done', rowsDone: 100, fileName: 'a.csv' }));
    await tick();
    expect(store.getSnapshot()[0].job?.export_status).toBe('done');
    expect(runningCount(store.getSnapshot())).toBe(0);

    // Nothing runs: nothing more is asked for.
    const asked = reads.length;
    expect(store.isPolling()).toBe(false);
    await tick(10_000);
    expect(reads.length).toBe(asked);
  });

  it('announces a job once, when it is seen ending', async () => {
    const jobs = new Map<string, ExportJob>();
    const { calls } = fakeCalls(jobs);
    const store = createExportStore({ calls, storage: memoryStorage() });
    const finished = vi.fn();
    store.onFinished(finished);
    store.setAccount('7');
    const started = await store.start('card', 'xlsx', {});

    jobs.set(
      started.export_id,
      job({ id: started.export_id, list: 'cards', format: 'xlsx', status: 'failed', error: 'Trop long' }),
    );
    await tick();
    await tick();
    expect(finished).toHaveBeenCalledTimes(1);
    expect(finished.mock.calls[0][0]).toMatchObject({
      list: 'card',
      job: { export_status: 'failed', export_error: 'Trop long' },
    });
  });

  it("keeps each account's jobs apart, and reads them back after a reload", async () => {
    const storage = memoryStorage();
    const jobs = new Map<string, ExportJob>();
    const { calls, reads } = fakeCalls(jobs);
    const first = createExportStore({ calls, storage });
    first.setAccount('7');
    const started = await first.start('delivery', 'csv', {});
    expect(JSON.parse(storage.items.get(storageKey('7')) ?? '')).toMatchObject([
      { id: started.export_id, list: 'delivery' },
    ]);

    // Another account signs in on this browser: it sees none of them.
    first.setAccount('8');
    expect(first.getSnapshot()).toEqual([]);
    first.setAccount(null);

    // A reload: a new store reads the account's jobs back at once, and goes on following the running one.
    jobs.set(started.export_id, job({ id: started.export_id, list: 'deliveries', rowsDone: 60 }));
    const reloaded = createExportStore({ calls, storage });
    const finished = vi.fn();
    reloaded.onFinished(finished);
    reads.length = 0;
    reloaded.setAccount('7');
    expect(reloaded.getSnapshot()).toMatchObject([{ id: started.export_id, list: 'delivery' }]);
    await tick(0);
    expect(reads).toEqual([started.export_id]);
    expect(reloaded.getSnapshot()[0].job?.export_rowsDone).toBe(60);

    jobs.set(started.export_id, job({ id: started.export_id, list: 'deliveries', status: 'done', rowsDone: 100 }));
    await tick();
    expect(finished).toHaveBeenCalledTimes(1);
  });

  it('reads once a job kept as ended, without announcing it again', async () => {
    const storage = memoryStorage();
    const done = job({ id: 'e9', status: 'done', rowsDone: 100 });
    storage.setItem(storageKey('7'), JSON.stringify([{ id: 'e9', list: 'member', job: done }]));
    const { calls, reads } = fakeCalls(new Map([['e9', done]]));
    const store = createExportStore({ calls, storage });
    const finished = vi.fn();
    store.onFinished(finished);
    store.setAccount('7');
    await tick(0);
    // Kept as done, it is not asked for at all.
    expect(reads).toEqual([]);
    expect(store.isPolling()).toBe(false);
    expect(finished).not.toHaveBeenCalled();
  });

  it('marks a job the server no longer knows as gone, and stops asking for it', async () => {
    const storage = memoryStorage();
    storage.setItem(storageKey('7'), JSON.stringify([{ id: 'old', list: 'transaction', job: job({ id: 'old' }) }]));
    const { calls, reads } = fakeCalls(new Map());
    const store = createExportStore({ calls, storage });
    store.setAccount('7');
    await tick(0);
    expect(store.getSnapshot()[0].gone).toBe(true);
    await tick(5000);
    expect(reads).toEqual(['old']);
  });

  it('asks again after a network failure', async () => {
    const jobs = new Map<string, ExportJob>();
    const { calls } = fakeCalls(jobs);
    const store = createExportStore({ calls, storage: memoryStorage() });
    store.setAccount('7');
    const started = await store.start('member', 'csv', {});
    vi.mocked(calls.read).mockRejectedValueOnce(new ApiError('Le serveur ne répond pas', 0));
    await tick();
    expect(store.getSnapshot()[0].gone).toBeUndefined();
    expect(store.isPolling()).toBe(true);
    jobs.set(started.export_id, job({ id: started.export_id, status: 'done', rowsDone: 100 }));
    await tick();
    expect(store.getSnapshot()[0].job?.export_status).toBe('done');
  });

  it('removes an ended job, never a running one', async () => {
    const jobs = new Map<string, ExportJob>();
    const { calls } = fakeCalls(jobs);
    const storage = memoryStorage();
    const store = createExportStore({ calls, storage });
    store.setAccount('7');
    const running = await store.start('member', 'csv', {});
    store.remove(running.export_id);
    expect(store.getSnapshot()).toHaveLength(1);

    jobs.set(running.export_id, job({ id: running.export_id, status: 'done', rowsDone: 100 }));
    await tick();
    store.remove(running.export_id);
    expect(store.getSnapshot()).toEqual([]);
    expect(JSON.parse(storage.items.get(storageKey('7')) ?? '')).toEqual([]);
  });

  it('downloads a done job only, and marks it gone when its file expired', async () => {
    const jobs = new Map<string, ExportJob>();
    const { calls } = fakeCalls(jobs);
    const store = createExportStore({ calls, storage: memoryStorage() });
    store.setAccount('7');
    const started = await store.start('member', 'xlsx', {});
    await store.download(started.export_id);
    expect(calls.download).not.toHaveBeenCalled();

    jobs.set(
      started.export_id,
      job({ id: started.export_id, format: 'xlsx', status: 'done', rowsDone: 100, fileName: 'a.xlsx' }),
    );
    await tick();
    await store.download(started.export_id);
    expect(calls.download).toHaveBeenCalledWith(
      'member',
      expect.objectContaining({ export_id: started.export_id, export_fileName: 'a.xlsx' }),
    );

    vi.mocked(calls.download).mockRejectedValueOnce(new ApiError('Fichier expiré', 404));
    await expect(store.download(started.export_id)).rejects.toThrow('Fichier expiré');
    expect(store.getSnapshot()[0].gone).toBe(true);
  });

  it(`keeps at most ${MAX_ENTRIES} jobs, the oldest ended ones leaving first`, async () => {
    const storage = memoryStorage();
    const kept = Array.from({ length: 3 }, (_, i) => ({
      id: `old${i}`,
      list: 'member',
      job: job({ id: `old${i}`, status: 'done', rowsDone: 100 }),
    }));
    storage.setItem(storageKey('7'), JSON.stringify(kept));
    const { calls } = fakeCalls(new Map());
    const store = createExportStore({ calls, storage, max: 3 });
    store.setAccount('7');
    await store.start('card', 'csv', {});
    expect(store.getSnapshot().map((entry) => entry.id)).toEqual(['e1', 'old0', 'old1']);
  });

  it('shows the jobs another tab starts or removes, and follows them', async () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const jobs = new Map<string, ExportJob>();
    const { calls } = fakeCalls(jobs);
    const mine = createExportStore({ calls, storage, events: null });
    const other = createExportStore({ calls, storage, events });
    mine.setAccount('7');
    other.setAccount('7');
    /** What the browser tells the other tabs when one writes the storage. */
    const told = (account: string) =>
      events.dispatchEvent(
        Object.assign(new Event('storage'), {
          key: storageKey(account),
          newValue: storage.getItem(storageKey(account)),
        }),
      );

    const started = await mine.start('card', 'csv', {});
    told('7');
    expect(other.getSnapshot().map((entry) => entry.id)).toEqual([started.export_id]);
    expect(other.isPolling()).toBe(true);

    // Another account's jobs are not this tab's.
    storage.setItem(storageKey('8'), JSON.stringify([{ id: 'x', list: 'member' }]));
    told('8');
    expect(other.getSnapshot().map((entry) => entry.id)).toEqual([started.export_id]);

    jobs.set(started.export_id, job({ id: started.export_id, status: 'done', rowsDone: 100 }));
    await tick();
    mine.remove(started.export_id);
    told('7');
    expect(other.getSnapshot()).toEqual([]);
  });

  it('reads past what it cannot understand in the storage', () => {
    const storage = memoryStorage();
    storage.setItem(storageKey('7'), '[{"id":"a","list":"member"},{"id":"b","list":"parcel"},42,null]');
    const { calls } = fakeCalls(new Map());
    const store = createExportStore({ calls, storage });
    store.setAccount('7');
    expect(store.getSnapshot()).toEqual([{ id: 'a', list: 'member' }]);
    storage.setItem(storageKey('8'), 'pas du JSON');
    store.setAccount('8');
    expect(store.getSnapshot()).toEqual([]);
  });
});
