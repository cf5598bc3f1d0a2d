// The export jobs of the signed-in account, started from this browser: a small store outside React (the
// lists' buttons start jobs, the header's tray shows them), read with useExports(). Each account's jobs
// are kept in localStorage (their ids, lists and latest answers), so that a reload shows them again and
// goes on following those still at work, and every tab of the browser shows the same jobs. While a job runs its progress is asked for every second; once
// none runs, nothing is asked for. A job that ends while followed here is announced (`onFinished`).
import { ApiError } from '../api/request';
import { useSyncExternalStore } from 'react';
import { isExportList, isRunning, type ExportFilters, type ExportFormat, type ExportJob, type ExportList } from './job';
import { exportCalls } from './lists';

/** One job of the tray: its latest answer (none yet after a reload), or gone from the server. */
export interface ExportEntry {
  id: string;
  list: ExportList;
  job?: ExportJob;
  /** The server no longer knows it (the file expired): shown so, until removed. */
  gone?: boolean;
}

/** An entry whose job has just ended (done or failed). */
export type FinishedEntry = ExportEntry & { job: ExportJob };

/** What the store asks of the server (lists.ts gives the real calls; tests give fakes). */
export interface ExportCalls {
  start: (list: ExportList, format: ExportFormat, filters: ExportFilters) => Promise<ExportJob>;
  /** The job now; an ApiError 404 (or 403) when the server no longer knows it. */
  read: (list: ExportList, id: string) => Promise<ExportJob>;
  /** Saves the job's file in the browser. */
  download: (list: ExportList, job: ExportJob) => Promise<void>;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export interface ExportStoreOptions {
  calls: ExportCalls;
  /** Where each account's jobs are kept; none: they last as long as the page. */
  storage?: Storage | null;
  /** How often a running job is asked for (1 s). */
  pollMs?: number;
  /** Most jobs kept; beyond, the oldest ended ones leave. */
  max?: number;
  /** Where another tab's changes to the storage are heard (`storage` events); none: not followed. */
  events?: Pick<Window, 'addEventListener'> | null;
}

/** The storage entry of an account's jobs. */
export const storageKey = (account: string) => `sesame_exports_${account}`;

export const POLL_MS = 1000;
export const MAX_ENTRIES = 20;

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The entries kept for an account; anything unreadable is left out rather than breaking the tray. */
function parseEntries(text: string | null): ExportEntry[] {
  if (!text) return [];
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((item: unknown): ExportEntry[] => {
      if (typeof item !== 'object' || item === null) return [];
      const { id, list, job, gone } = item as Record<string, unknown>;
      if ((typeof id !== 'string' && typeof id !== 'number') || !isExportList(list)) return [];
      const entry: ExportEntry = { id: String(id), list };
      if (typeof job === 'object' && job !== null && 'export_status' in job) entry.job = job as ExportJob;
      if (gone === true) entry.gone = true;
      return [entry];
    });
  } catch {
    return [];
  }
}

/** Still to be asked for: at work, or not read yet since the page loaded. */
const followed = (entry: ExportEntry) => !entry.gone && (!entry.job || isRunning(entry.job));

/** Whether an error means the server does not know the job (expired, or not this account's). */
const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 403);

export function createExportStore({
  calls,
  storage = defaultStorage(),
  pollMs = POLL_MS,
  max = MAX_ENTRIES,
  events = typeof window === 'undefined' ? null : window,
}: ExportStoreOptions) {
  let account: string | null = null;
  let entries: readonly ExportEntry[] = [];
  // Bumped when the account changes: an answer about the previous account's jobs is dropped.
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling = false;
  const listeners = new Set<() => void>();
  const finishedListeners = new Set<(entry: FinishedEntry) => void>();

  function emit() {
    listeners.forEach((listener) => listener());
  }

  function save() {
    if (account === null || !storage) return;
    try {
      storage.setItem(storageKey(account), JSON.stringify(entries));
    } catch {
      // Storage full or refused: the jobs last as long as the page.
    }
  }

  function set(next: readonly ExportEntry[]) {
    entries = next;
    save();
    emit();
  }

  function stopPolling() {
    clearTimeout(timer);
    timer = undefined;
  }

  /** Asks again in `pollMs` while a job is followed; stops when none is. */
  function schedule() {
    if (timer !== undefined || polling || !entries.some(followed)) return;
    timer = setTimeout(() => {
      timer = undefined;
      void poll();
    }, pollMs);
  }

  /** Reads every followed job once, then schedules the next round if one still runs. */
  async function poll() {
    const asked = entries.filter(followed);
    if (asked.length === 0) return;
    const round = generation;
    polling = true;
    const answers = await Promise.all(
      asked.map(async (entry) => {
        try {
          return { entry, job: await calls.read(entry.list, entry.id) };
        } catch (error) {
          // Gone for good, or not answered this time (network): asked again next round.
          return { entry, gone: isGone(error) };
        }
      }),
    );
    polling = false;
    if (round !== generation) return;
    const ended: FinishedEntry[] = [];
    const byId = new Map(answers.map((answer) => [answer.entry.id, answer]));
    set(
      entries.map((entry) => {
        const answer = byId.get(entry.id);
        if (!answer) return entry;
        if ('job' in answer && answer.job) {
          // Announced once, when seen ending (an entry read for the first time after a reload had
          // already been seen running, as its kept answer says).
          const next = { ...entry, job: answer.job };
          if (entry.job && isRunning(entry.job) && !isRunning(answer.job)) ended.push(next);
          return next;
        }
        return 'gone' in answer && answer.gone ? { ...entry, gone: true } : entry;
      }),
    );
    ended.forEach((entry) => finishedListeners.forEach((listener) => listener(entry)));
    schedule();
  }

  // Another tab of this browser started, followed or removed a job of the account: this tab's tray shows
  // the same (its own reads, in flight, land on the entries they find).
  events?.addEventListener('storage', (event) => {
    if (account === null || event.key !== storageKey(account)) return;
    entries = parseEntries(event.newValue);
    emit();
    schedule();
  });

  /** Keeps at most `max` entries: the oldest that no longer run leave first. */
  function capped(next: ExportEntry[]): ExportEntry[] {
    const out = [...next];
    for (let i = out.length - 1; i >= 0 && out.length > max; i--) {
      if (!followed(out[i])) out.splice(i, 1);
    }
    return out;
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getSnapshot(): readonly ExportEntry[] {
      return entries;
    },

    /** Called when a job is seen ending (done or failed). */
    onFinished(listener: (entry: FinishedEntry) => void): () => void {
      finishedListeners.add(listener);
      return () => finishedListeners.delete(listener);
    },

    /** The signed-in account (its login id), or null once signed out: its jobs are read back and followed. */
    setAccount(next: string | null) {
      if (next === account) return;
      generation += 1;
      stopPolling();
      polling = false;
      account = next;
      entries = next === null || !storage ? [] : parseEntries(safeGet(storage, storageKey(next)));
      emit();
      void poll();
    },

    /** Starts the export of `list` with the list's filters and sort; resolves to the job, first in the tray. */
    async start(list: ExportList, format: ExportFormat, filters: ExportFilters): Promise<ExportJob> {
      const round = generation;
      const job = await calls.start(list, format, filters);
      if (round === generation) {
        const entry = { id: String(job.export_id), list, job };
        set(capped([entry, ...entries.filter((one) => one.id !== entry.id)]));
        // A list so short that its file was written before the answer: announced at once.
        if (!isRunning(job)) finishedListeners.forEach((listener) => listener(entry));
        schedule();
      }
      return job;
    },

    /** Takes an ended (or gone) job out of the tray; a running one stays. */
    remove(id: string) {
      const entry = entries.find((one) => one.id === id);
      if (!entry || followed(entry)) return;
      set(entries.filter((one) => one.id !== id));
    },

    /** Saves the file of a job that is done. */
    async download(id: string): Promise<void> {
      const entry = entries.find((one) => one.id === id);
      const job = entry?.job;
      if (!entry || !job || job.export_status !== 'done') return;
      try {
        await calls.download(entry.list, job);
      } catch (error) {
        // The file expired since: the entry says so (the failed call showed its notice).
        if (isGone(error)) set(entries.map((one) => (one.id === id ? { ...one, gone: true } : one)));
        throw error;
      }
    },

    /** Whether a round of reads is planned (for tests: polling stops when nothing runs). */
    isPolling(): boolean {
      return timer !== undefined || polling;
    },
  };
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export type ExportStore = ReturnType<typeof createExportStore>;

/** How many of `entries` are still at work. */
export function runningCount(entries: readonly ExportEntry[]): number {
  return entries.filter((entry) => !entry.gone && entry.job !== undefined && isRunning(entry.job)).length;
}

/** The store of the app: the lists' buttons start jobs in it, the header's tray shows them. */
export const exportStore = createExportStore({ calls: exportCalls });

/** The jobs of the signed-in account, re-rendering as they move on. */
export function useExports(): readonly ExportEntry[] {
  return useSyncExternalStore(subscribe, snapshot);
}

const subscribe = (listener: () => void) => exportStore.subscribe(listener);
const snapshot = () => exportStore.getSnapshot();
