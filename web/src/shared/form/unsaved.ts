// The logic of the unsaved-changes guard, without React: whether a form's values differ from those it
// opened with, and the forms open now (so that one navigation blocker and one tab-closing prompt ask for
// all of them).
import dayjs from 'dayjs';
import { dateText } from './dateText';

/** A value as compared: empty texts, lists and null are "nothing"; a day is its text. */
function plain(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(plain);
  if (dayjs.isDayjs(value)) return value.isValid() ? value.format('YYYY-MM-DD') : { typed: dateText(value) };
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string') return value;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => [key, plain(item)] as const)
      .filter(([, item]) => item !== null)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return entries.length === 0 ? null : Object.fromEntries(entries);
  }
  return value;
}

/** Whether two sets of form values hold the same things (a field left empty equals a field never set). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
}

type IsDirty = () => boolean;
const open = new Set<IsDirty>();

/** Registers an open form; returns its removal. */
export function registerForm(isDirty: IsDirty): () => void {
  open.add(isDirty);
  return () => {
    open.delete(isDirty);
  };
}

/** Whether any open form was changed. */
export function anyFormDirty(): boolean {
  for (const isDirty of open) if (isDirty()) return true;
  return false;
}
