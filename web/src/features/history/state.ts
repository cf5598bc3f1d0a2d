// A record as it stood at one of its versions, folded from its history, and what restoring that version
// would change in the record as it is now. Values are compared as the history writes them: texts, dates
// `AAAA-MM-JJ`, numbers and booleans written out, nothing for an empty value.
import type { HistoryEntry } from './types';

/** A record's fields as texts; a field without a value is absent. */
export type RecordState = Record<string, string>;

/** One field that a restore would change: its value now and the one it would get back (absent: empty). */
export interface RestoredField {
  field: string;
  current?: string;
  restored?: string;
}

/** The record at `version`: the entries up to it applied from the oldest, each `new` setting its field and
 * a null (or empty) `new` clearing it. */
export function stateAt(entries: readonly HistoryEntry[], version: number): RecordState {
  const state: RecordState = {};
  const upTo = entries.filter((entry) => entry.history_version <= version);
  for (const entry of upTo.sort((a, b) => a.history_version - b.history_version)) {
    for (const change of entry.history_changes) {
      // An empty text is no value, as the record's empty fields are.
      if (change.new === null || change.new === '') delete state[change.field];
      else state[change.field] = change.new;
    }
  }
  return state;
}

/** A value of a record read from the API as the history writes it; `undefined` for nothing. */
export function historyText(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields whose value at `version` differs from the record now, in the order the history first names
 * them. `current` is the record as the API reads it; only its own fields are compared (the history may
 * name others, a photo's version). Without it, the record now is the latest version. `shown` leaves out the
 * fields the screen does not show.
 */
export function restorePreview(
  entries: readonly HistoryEntry[],
  version: number,
  current: Readonly<Record<string, unknown>> | undefined,
  shown: (field: string) => boolean = () => true,
): RestoredField[] {
  const restored = stateAt(entries, version);
  const latest = current === undefined ? stateAt(entries, Number.POSITIVE_INFINITY) : undefined;
  const now = (field: string) => (latest ? latest[field] : historyText(current?.[field]));
  const fields = new Set(
    [...entries]
      .sort((a, b) => a.history_version - b.history_version)
      .flatMap((entry) => entry.history_changes.map((change) => change.field)),
  );
  return [...fields]
    .filter((field) => shown(field) && (current === undefined || Object.hasOwn(current, field)))
    .map((field) => ({ field, current: now(field), restored: restored[field] }))
    .filter((change) => change.current !== change.restored);
}
