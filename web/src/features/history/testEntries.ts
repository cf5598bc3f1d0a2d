// Made-up versions of a member for the history's unit tests: created, renamed twice, a photo.
import type { HistoryChange, HistoryEntry, HistorySource } from './types';

/** A field's change; `null`: no value (a creation's old one, a deletion's new one). */
export const change = (field: string, old: string | null, value: string | null): HistoryChange => ({
  field,
  old,
  new: value,
});

export function entry(version: number, changes: HistoryChange[], source: HistorySource = 'screen'): HistoryEntry {
  return {
    history_entity: 'member',
    history_entityId: 7,
    history_version: version,
    history_at: '2026-12-07T14:32:05.123456Z',
    history_loginId: 1,
    history_loginName: 'admin',
    history_source: source,
    history_device: null,
    history_reason: null,
    history_changes: changes,
    history_cursor: '',
  };
}

/** Newest first, as the server answers. */
export const MEMBER_HISTORY: HistoryEntry[] = [
  entry(4, [change('member_photoVersion', '1', '2')]),
  entry(3, [change('member_firstname', 'Awa', 'Aya'), change('member_contact', '0707080910', null)]),
  entry(2, [change('member_firstname', 'Adjoua', 'Awa')]),
  entry(1, [
    change('member_id', null, '7'),
    change('member_uuid', null, 'b1c2'),
    change('member_firstname', null, 'Adjoua'),
    change('member_lastname', null, 'Kouamé'),
    change('member_birthDate', null, '1980-05-12'),
    change('member_contact', null, '0707080910'),
    change('member_isSpouse', null, 'false'),
  ]),
];
