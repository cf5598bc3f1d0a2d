// A version of a record told in French: what kind of change it is, where it came from, and each field as
// « Label : ancien → nouveau », its values written as the screens write them (days jj/mm/aaaa, Oui/Non,
// « (vide) »), a new photo by its version. The record's technical ids are left out.
import { formatDate } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import type { HistoryChange, HistoryEntry } from './types';

const text = fr.history;

/** Field -> French label. */
export type FieldLabels = Readonly<Record<string, string>>;
/** Field -> value -> its French name (a gender's `M` -> « Homme »). */
export type ValueNames = Readonly<Record<string, Readonly<Record<string, string>>>>;

export type EntryKind = 'creation' | 'deletion' | 'change';

/** One field of a version as the timeline shows it. */
export interface ChangeLine {
  field: string;
  label: string;
  /** « ancien → nouveau », or the one value of a creation or a deletion. */
  values: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A photo's version number, which a new photo changes (`member_photoVersion`). */
export function isPhotoField(field: string): boolean {
  return field === 'photoVersion' || field.endsWith('_photoVersion');
}

/** The record's own ids (`member_id`, `member_uuid`), which mean nothing to a reader. */
export function isTechnicalField(entity: string, field: string): boolean {
  return field === `${entity}_id` || field === `${entity}_uuid`;
}

/** A creation names no old value (null), a deletion no new one. */
export function entryKind(entry: HistoryEntry): EntryKind {
  const changes = entry.history_changes;
  if (changes.length > 0 && changes.every((change) => change.old === null)) return 'creation';
  if (changes.length > 0 && changes.every((change) => change.new === null)) return 'deletion';
  return 'change';
}

/** « Synchronisation depuis le portable X », « Écran »… (an unknown source as it comes). */
export function sourceText(entry: HistoryEntry): string {
  const source = text.sources[entry.history_source] ?? entry.history_source;
  if (entry.history_source === 'sync' && entry.history_device)
    return `${source} ${text.fromDevice(entry.history_device)}`;
  return source;
}

/** The French label of a field, else its name. */
export function fieldLabel(field: string, labels: FieldLabels): string {
  if (Object.hasOwn(labels, field)) return labels[field];
  return isPhotoField(field) ? text.photo : field;
}

/** A value as the screens write it. */
export function valueText(field: string, value: string | undefined | null, names: ValueNames = {}): string {
  if (value === undefined || value === null || value === '') return text.empty;
  if (Object.hasOwn(names, field) && Object.hasOwn(names[field], value)) return names[field][value];
  if (value === 'true') return fr.records.yes;
  if (value === 'false') return fr.records.no;
  if (DAY.test(value)) return formatDate(value);
  return value;
}

/** The values of one change: a photo by its new version, a creation's new value, a deletion's old one,
 * else « ancien → nouveau ». */
export function changeValues(change: HistoryChange, kind: EntryKind, names: ValueNames = {}): string {
  if (isPhotoField(change.field)) return change.new ? text.newPhoto(change.new) : text.photoRemoved;
  if (kind === 'creation') return valueText(change.field, change.new, names);
  if (kind === 'deletion') return valueText(change.field, change.old, names);
  return `${valueText(change.field, change.old, names)} → ${valueText(change.field, change.new, names)}`;
}

/** Where `labels` lists a field: the form's order; the others after, by name. */
export function byLabelOrder(labels: FieldLabels): (a: string, b: string) => number {
  const order = new Map(Object.keys(labels).map((field, index) => [field, index]));
  const rank = (field: string) => order.get(field) ?? order.size;
  return (a, b) => rank(a) - rank(b) || a.localeCompare(b);
}

/** The lines of a version, in the form's order, without the technical ids. */
export function changeLines(entry: HistoryEntry, labels: FieldLabels, names: ValueNames = {}): ChangeLine[] {
  const kind = entryKind(entry);
  const order = byLabelOrder(labels);
  return entry.history_changes
    .filter((change) => !isTechnicalField(entry.history_entity, change.field))
    .sort((a, b) => order(a.field, b.field))
    .map((change) => ({
      field: change.field,
      label: fieldLabel(change.field, labels),
      values: changeValues(change, kind, names),
    }));
}
