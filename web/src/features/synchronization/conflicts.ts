// A run's conflicts, read for a person: each version of the member (kept, lost) parsed from its JSON text,
// the member's name and number, and the fields whose values differ between the two versions, labelled in
// French and written as the members' screens write them.
import type { Schemas } from '../../shared/api/client';
import { formatDate } from '../../shared/format/date';
import { toText } from '../../shared/format/text';
import { fr } from '../../shared/locale/fr';

const text = fr.synchronization.conflicts;
const memberFields: Record<string, string> = fr.members.fields;
const yes = fr.records.yes;
const no = fr.records.no;

/** A synchronised member record, as a conflict keeps each of its two versions. */
export type SyncedVersion = Partial<Omit<Schemas['SyncedMember'], 'record'>> & {
  record?: Record<string, unknown> | null;
};

/** One field whose values differ: its label, and each version's value as text. */
export interface FieldDiff {
  field: string;
  label: string;
  kept: string;
  lost: string;
}

/** The record's fields left out of the comparison: each instance's own ids (the uuids name the member). */
const NOT_COMPARED = new Set(['member_id', 'member_mainMemberId']);
/** The synchronised record's own fields compared beside the member's (its time and author are shown apart). */
const VERSION_FIELDS = ['mainMemberUuid', 'member_orderNumber'] as const;
/** Days written jj/mm/aaaa. */
const DAY_FIELDS = new Set(['member_birthDate', 'member_membershipStartDate']);
/** The members' screens' order of their fields: the differing fields are listed in it. */
const ORDER = new Map(Object.keys(memberFields).map((field, index) => [field, index]));

/** A version from its JSON text; `null` when the text is no record. */
export function parseVersion(json: string | null | undefined): SyncedVersion | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** The French label of a field: the members' screens' one, else the synchronised record's, else its name. */
export function fieldLabel(field: string): string {
  return memberFields[field] ?? text.fields[field] ?? field;
}

/** A field's value as the screens write it: Oui/Non, a day jj/mm/aaaa, a gender in words, « (vide) ». */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return text.empty;
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'string') {
    if (DAY_FIELDS.has(field)) return formatDate(value);
    if (field === 'member_gender' && Object.hasOwn(fr.members.genders, value))
      return fr.members.genders[value as keyof typeof fr.members.genders];
    return value;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return toText(value);
}

/** Two values alike: nothing, null and '' are the same absence; objects by their JSON. */
function same(a: unknown, b: unknown): boolean {
  const absent = (value: unknown) => value === null || value === undefined || value === '';
  if (absent(a) || absent(b)) return absent(a) && absent(b);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** The fields whose values differ between the two versions, in the members' screens' order. A deletion
 * met by an edit differs in one thing: whether the member is there. */
export function diffVersions(kept: SyncedVersion | null, lost: SyncedVersion | null): FieldDiff[] {
  if (kept?.deleted || lost?.deleted) {
    const state = (version: SyncedVersion | null) => (version?.deleted ? text.deleted : text.present);
    return [{ field: 'deleted', label: text.state, kept: state(kept), lost: state(lost) }];
  }
  const keptRecord = kept?.record ?? {};
  const lostRecord = lost?.record ?? {};
  const values: { field: string; kept: unknown; lost: unknown }[] = [];
  const fields = new Set([...Object.keys(keptRecord), ...Object.keys(lostRecord)]);
  for (const field of fields) {
    if (!NOT_COMPARED.has(field)) values.push({ field, kept: keptRecord[field], lost: lostRecord[field] });
  }
  for (const field of VERSION_FIELDS) values.push({ field, kept: kept?.[field], lost: lost?.[field] });
  const rank = (field: string) => ORDER.get(field) ?? ORDER.size;
  return values
    .filter((value) => !same(value.kept, value.lost))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.field.localeCompare(b.field))
    .map((value) => ({
      field: value.field,
      label: fieldLabel(value.field),
      kept: valueText(value.field, value.kept),
      lost: valueText(value.field, value.lost),
    }));
}

/** The member a conflict is about: "NOM Prénoms" and number, from the version kept (else the lost one). */
export function conflictMember(kept: SyncedVersion | null, lost: SyncedVersion | null) {
  const record = kept?.record ?? lost?.record ?? {};
  const part = (field: string) => toText(record[field]).trim();
  const name = [part('member_lastname'), part('member_firstname')].filter(Boolean).join(' ');
  return { name: name || text.unnamed, idNumber: part('member_idNumber') };
}
