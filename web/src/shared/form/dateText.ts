// Dates as people type them: jj/mm/aaaa, jj-mm-aaaa, jj.mm.aaaa, jjmmaaaa or aaaa-mm-jj. A text that is
// not a date (or is out of the field's range) is kept as typed, with a French message: the form value is
// then an invalid Dayjs carrying the text and the message, which `dateRule` refuses.
import dayjs, { type Dayjs } from 'dayjs';
import type { RuleObject } from 'antd/es/form';
import { fr } from '../locale/fr';

export const DISPLAY_DATE = 'DD/MM/YYYY';

/** The days a field accepts, and what it says outside them. */
export interface DateRange {
  min?: Dayjs;
  max?: Dayjs;
  beforeMin?: string;
  afterMax?: string;
}

export type Parsed = { kind: 'empty' } | { kind: 'day'; day: Dayjs } | { kind: 'wrong'; message: string };

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const PACKED = /^(\d{2})(\d{2})(\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

function parts(text: string): [number, number, number] | null {
  let match = DAY_FIRST.exec(text) ?? PACKED.exec(text);
  if (match) return [Number(match[3]), Number(match[2]), Number(match[1])];
  match = ISO.exec(text);
  if (match) return [Number(match[1]), Number(match[2]), Number(match[3])];
  return null;
}

/** Reads a typed date; `range` adds the field's own bounds. */
export function parseDate(typed: string, range: DateRange = {}): Parsed {
  const text = typed.trim();
  if (text === '') return { kind: 'empty' };
  const found = parts(text);
  if (!found) return { kind: 'wrong', message: fr.dates.unreadable(text) };
  const [year, month, day] = found;
  const date = dayjs(new Date(year, month - 1, day));
  if (month < 1 || month > 12 || day < 1 || date.year() !== year || date.month() !== month - 1 || date.date() !== day)
    return { kind: 'wrong', message: fr.dates.notADate(text) };
  if (range.max && date.isAfter(range.max, 'day'))
    return { kind: 'wrong', message: range.afterMax ?? fr.dates.notADate(text) };
  if (range.min && date.isBefore(range.min, 'day'))
    return { kind: 'wrong', message: range.beforeMin ?? fr.dates.notADate(text) };
  return { kind: 'day', day: date };
}

/** A birth date: not in the future, not before 1900. */
export function birthRange(today: Dayjs = dayjs()): DateRange {
  return {
    min: dayjs('1900-01-01'),
    max: today,
    beforeMin: fr.dates.birthTooOld,
    afterMax: fr.dates.birthFuture,
  };
}

interface Typed {
  typed: string;
  problem: string;
}

/** The form value of a text that is not an accepted date: an invalid Dayjs that keeps the text. */
export function typedDate(typed: string, problem: string): Dayjs {
  return Object.assign(dayjs(NaN), { typed, problem } satisfies Typed);
}

function asTyped(value: unknown): Typed | null {
  if (!dayjs.isDayjs(value) || value.isValid()) return null;
  const typed = value as Dayjs & Partial<Typed>;
  return typeof typed.typed === 'string' && typeof typed.problem === 'string'
    ? { typed: typed.typed, problem: typed.problem }
    : null;
}

/** The message of a form value that is not an accepted date, or null. */
export function dateProblem(value: unknown): string | null {
  return asTyped(value)?.problem ?? null;
}

/** What a date field shows for a form value. */
export function dateText(value: unknown): string {
  const typed = asTyped(value);
  if (typed) return typed.typed;
  return dayjs.isDayjs(value) && value.isValid() ? value.format(DISPLAY_DATE) : '';
}

/** The form value for a typed text. */
export function dateValue(typed: string, range?: DateRange): Dayjs | null {
  const parsed = parseDate(typed, range);
  if (parsed.kind === 'empty') return null;
  if (parsed.kind === 'day') return parsed.day;
  return typedDate(typed, parsed.message);
}

/** The rule every date field carries: a text that is not an accepted date is refused with its message. */
export const dateRule: RuleObject = {
  validator: (_rule, value) => {
    const problem = dateProblem(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};
