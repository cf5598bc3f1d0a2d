// The member form's own checks, before the server's: the names are required (specification point 5),
// dates are not in the future nor before 1900, membership does not precede birth, a spouse or child
// names its main member. Plain functions (a message or null), tested alone.
import dayjs, { type Dayjs } from 'dayjs';
import { required, type Check } from '../../shared/form/rules';
import { fr } from '../../shared/locale/fr';

export const checkLastname: Check = required(fr.members.rules.lastnameRequired);
export const checkFirstname: Check = required(fr.members.rules.firstnameRequired);

const EARLIEST = dayjs('1900-01-01');

const asDay = (value: unknown): Dayjs | null => (dayjs.isDayjs(value) && value.isValid() ? value : null);

/** A past day (or none), as a date picker gives it; `today` is given so that tests do not depend on the date. */
export function checkPastDate(picked: unknown, today: Dayjs = dayjs()): string | null {
  const value = asDay(picked);
  if (!value) return null;
  if (value.isAfter(today, 'day')) return fr.members.rules.future;
  if (value.isBefore(EARLIEST, 'day')) return fr.members.rules.tooOld;
  return null;
}

export function checkMembershipDate(picked: unknown, birthPicked: unknown, today: Dayjs = dayjs()): string | null {
  const fault = checkPastDate(picked, today);
  if (fault) return fault;
  const start = asDay(picked);
  const birth = asDay(birthPicked);
  if (start && birth && start.isBefore(birth, 'day')) return fr.members.rules.membershipBeforeBirth;
  return null;
}

/** A spouse or a child is attached to a main member. */
export function checkMainMember(role: string | undefined, mainMemberId: unknown): string | null {
  if (role !== 'spouse' && role !== 'child') return null;
  return typeof mainMemberId === 'number' && mainMemberId > 0 ? null : fr.members.rules.mainRequired;
}

/** A date picker does not even offer days after today. */
export function isFutureDay(value: Dayjs): boolean {
  return value.isAfter(dayjs(), 'day');
}
