// The payment form's checks, as the server makes them: a date (not in the future, not before 2000), a
// whole amount of francs CFA above 0 (at most 100,000,000), an operator, the operator's number and the
// member who paid. Plain functions (a message or null), tested alone.
import dayjs, { type Dayjs } from 'dayjs';
import { required, type Check } from '../../shared/form/rules';
import { fr } from '../../shared/locale/fr';

export const MAX_AMOUNT = 100_000_000;
const EARLIEST = dayjs('2000-01-01');

const rules = fr.transactions.rules;

/** A past day, as the date picker gives it; `today` is given so that tests do not depend on the date. */
export function checkDate(picked: unknown, today: Dayjs = dayjs()): string | null {
  if (!dayjs.isDayjs(picked) || !picked.isValid()) return rules.dateRequired;
  if (picked.isAfter(today, 'day')) return rules.future;
  if (picked.isBefore(EARLIEST, 'day')) return rules.tooOld;
  return null;
}

export const checkAmount: Check = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_AMOUNT ? null : rules.amount;

export const checkOperator: Check = required(rules.operatorRequired);

export const checkNumber: Check = required(rules.numberRequired);

export const checkMember: Check = (value) => (typeof value === 'number' && value > 0 ? null : rules.memberRequired);

/** The date picker does not even offer days after today. */
export function isFutureDay(value: Dayjs): boolean {
  return value.isAfter(dayjs(), 'day');
}
