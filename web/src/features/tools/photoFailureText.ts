// What a failed photo's row says, in French: its member and where to find it, when it first failed, and
// when the next run tries it again. Plain functions of the row (and of the time now), tested alone.
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';

const text = fr.tools.photoFailures;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The member's name as the server gives it; a member with none is still named. */
export function memberName(failure: { memberName?: string | null }): string {
  const name = (failure.memberName ?? '').trim();
  return name === '' ? text.unnamed : name;
}

/**
 * The members list searching this identity number (`?filter=`, which the list reads as it opens): the
 * members screen has no address of one member, and the number finds it alone.
 */
export function memberPath(idNumber: string): string {
  return `/members?${new URLSearchParams({ filter: idNumber }).toString()}`;
}

/** "dans 4 min", "dans 2 h 05", "dans 3 jours": how long until a time `ms` ahead (rounded up to the minute). */
export function untilText(ms: number): string {
  if (ms < MINUTE_MS) return text.inUnderAMinute;
  const minutes = Math.ceil(ms / MINUTE_MS);
  if (minutes < 60) return text.inMinutes(minutes);
  if (ms < DAY_MS) return text.inHours(Math.floor(minutes / 60), minutes % 60);
  return text.inDays(Math.round(ms / DAY_MS));
}

/** When the next run sends a photo again: the date (or "at the next run") and how long until then. */
export interface NextAttempt {
  when: string;
  /** "dans 4 min"; empty once that time has come. */
  wait: string;
}

/**
 * When the next run sends the photo again: its date and how long until then; once that time has come, the
 * next run sends it (runs are started by hand, so there is no later time to name).
 */
export function nextAttempt(nextAttemptAt: string | null | undefined, now: Date = new Date()): NextAttempt {
  const due = { when: text.dueNow, wait: '' };
  if (!nextAttemptAt) return due;
  const at = new Date(nextAttemptAt).getTime();
  if (Number.isNaN(at)) return { when: nextAttemptAt, wait: '' };
  const ahead = at - now.getTime();
  return ahead <= 0 ? due : { when: formatDateTime(nextAttemptAt), wait: untilText(ahead) };
}

/** "Premier échec : …" when the photo failed before its last failure; empty when it failed only once. */
export function firstFailedText(failure: { firstFailedAt?: string | null; lastFailedAt?: string | null }): string {
  if (!failure.firstFailedAt || failure.firstFailedAt === failure.lastFailedAt) return '';
  const first = formatDateTime(failure.firstFailedAt);
  return first === formatDateTime(failure.lastFailedAt) ? '' : text.firstFailedAt(first);
}
