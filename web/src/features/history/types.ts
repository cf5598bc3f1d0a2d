// The history's records as the gateway sends them (/api/history/…, generated from web/openapi.json). A
// value the server has not (a creation's old value, a deletion's new one, no reason) comes as null.
import type { Schemas } from '../../shared/api/client';

/** One field of a version: `old` is null on a creation, `new` on a deletion; every value is a text. */
export type HistoryChange = Schemas['HistoryChange'];
/** One version of a record: who changed what, when (RFC 3339, UTC), from where and why. */
export type HistoryEntry = Schemas['HistoryEntry'];

/** Where a change came from: the sources the history records (`history_source`). */
export type HistorySource = 'screen' | 'api' | 'statement' | 'sync' | 'merge' | 'restore';
