import { afterEach, describe, expect, it, vi } from 'vitest';
import { visibleScreens } from '../../app/menu';
import { menuScreens } from '../../app/screens';
import { notifyError, notifySuccess, notifyWarning } from '../../shared/feedback/feedback';
import { ApiError } from '../../shared/api/request';
import { fakeServer, json } from '../../test/fakeServer';
import {
  announceRetry,
  PHOTO_FAILURE_DEFAULTS,
  photoFailureQuery,
  retryPhoto,
  type PhotoFailure,
} from './photoFailures';
import { firstFailedText, memberName, memberPath, nextAttempt, untilText } from './photoFailureText';

vi.mock('../../shared/feedback/feedback', () => ({
  notifyError: vi.fn(),
  notifyWarning: vi.fn(),
  notifySuccess: vi.fn(),
}));

const NOW = new Date('2026-11-25T10:00:00Z');
const MINUTE = 60_000;

const failure: PhotoFailure = {
  member_uuid: '0b6f7f0e-6a43-4c59-9d0a-3f1c1b8e2a11',
  member_id: 12,
  member_idNumber: 'F000001274',
  memberName: 'Kouamé Adjoua',
  photoVersion: 1,
  attempts: 2,
  lastError: 'Le serveur central ne répond pas.',
  firstFailedAt: '2026-11-25T09:50:00Z',
  lastFailedAt: '2026-11-25T09:58:00Z',
  nextAttemptAt: '2026-11-25T10:02:00Z',
};

describe("a failed photo's row in French", () => {
  it('names the member, or says it has no name', () => {
    expect(memberName(failure)).toBe('Kouamé Adjoua');
    expect(memberName({ memberName: '  ' })).toBe('Adhérent sans nom');
    expect(memberName({})).toBe('Adhérent sans nom');
  });

  it('links to the members list searching its identity number', () => {
    expect(memberPath('F000001274')).toBe('/members?filter=F000001274');
    expect(memberPath('A B+1')).toBe('/members?filter=A+B%2B1');
  });

  it('says how long until the next attempt, rounded up to the minute', () => {
    expect(untilText(20_000)).toBe("dans moins d'une minute");
    expect(untilText(MINUTE)).toBe('dans 1 min');
    expect(untilText(4 * MINUTE + 10_000)).toBe('dans 5 min');
    expect(untilText(59 * MINUTE)).toBe('dans 59 min');
    expect(untilText(60 * MINUTE)).toBe('dans 1 h');
    expect(untilText(125 * MINUTE)).toBe('dans 2 h 05');
    expect(untilText(6 * 60 * MINUTE)).toBe('dans 6 h');
    expect(untilText(3 * 24 * 60 * MINUTE)).toBe('dans 3 jours');
    expect(untilText(24 * 60 * MINUTE)).toBe('dans 1 jour');
  });

  it('shows the next attempt as a French date with the wait, or as due at the next run', () => {
    const next = nextAttempt(failure.nextAttemptAt, NOW);
    expect(next.when).toMatch(/^25\/11\/2026 \d\d:02$/);
    expect(next.wait).toBe('dans 2 min');
    // Its time has come: the next run sends it.
    const due = { when: 'Dès la prochaine synchronisation', wait: '' };
    expect(nextAttempt('2026-11-25T09:59:00Z', NOW)).toEqual(due);
    expect(nextAttempt(NOW.toISOString(), NOW)).toEqual(due);
    expect(nextAttempt(undefined, NOW)).toEqual(due);
    expect(nextAttempt('bientôt', NOW)).toEqual({ when: 'bientôt', wait: '' });
  });

  it('names the first failure only when it came before the last one', () => {
    expect(firstFailedText(failure)).toMatch(/^Premier échec : 25\/11\/2026 \d\d:50$/);
    expect(firstFailedText({ ...failure, firstFailedAt: failure.lastFailedAt })).toBe('');
    // The same minute once formatted: nothing more to say.
    expect(firstFailedText({ ...failure, firstFailedAt: '2026-11-25T09:58:00.400Z' })).toBe('');
    expect(firstFailedText({ lastFailedAt: failure.lastFailedAt })).toBe('');
  });
});

describe('the list query', () => {
  it('opens on the latest failures, 50 a page', () => {
    expect(photoFailureQuery(PHOTO_FAILURE_DEFAULTS)).toEqual({
      _limit: 50,
      _offset: 0,
      _orderBy: 'lastFailedAt',
      _descending: true,
    });
  });

  it('asks for the page and the sort chosen', () => {
    const query = photoFailureQuery({ ...PHOTO_FAILURE_DEFAULTS, page: 3, pageSize: 20, orderBy: 'attempts' });
    expect(query).toMatchObject({ _limit: 20, _offset: 40, _orderBy: 'attempts' });
  });
});

describe('a retry', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("sends the member's uuid and confirms with the server's message once sent", async () => {
    const server = fakeServer({
      'POST /api/tools/post.missing-photo_retry': () =>
        json({ status: 'ok', data: { sent: true, message: 'Photo envoyée au serveur central.' } }),
    });
    const retried = await retryPhoto(failure.member_uuid);
    expect(server.calls[0].body).toEqual({ member_uuid: failure.member_uuid });
    announceRetry(retried);
    expect(notifySuccess).toHaveBeenCalledWith('Photo envoyée au serveur central.');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows a new failure as an error, with what the server says', async () => {
    const message = 'Le serveur central refuse la photo : image illisible.';
    fakeServer({
      'POST /api/tools/post.missing-photo_retry': () =>
        json({ status: 'ok', data: { sent: false, message, failure: { ...failure, attempts: 3 } } }),
    });
    announceRetry(await retryPhoto(failure.member_uuid));
    expect(notifyError).toHaveBeenCalledWith(message);
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('warns, with no error, when the photo no longer waits to go', async () => {
    const message =
      "Cette photo n'attend plus d'envoi (adhérent supprimé ou photo déjà envoyée) : elle est retirée de la liste.";
    fakeServer({
      'POST /api/tools/post.missing-photo_retry': () => json({ status: 'ok', data: { sent: false, message } }),
    });
    announceRetry(await retryPhoto(failure.member_uuid));
    expect(notifyWarning).toHaveBeenCalledWith(message);
    expect(notifyError).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it("shows the server's French reason when the central server is out of reach (503)", async () => {
    const message = 'Le serveur central ne peut pas être joint.';
    fakeServer({
      'POST /api/tools/post.missing-photo_retry': () => json({ status: 'error', message }, 503),
    });
    await expect(retryPhoto(failure.member_uuid)).rejects.toMatchObject({ status: 503, message });
    await expect(retryPhoto(failure.member_uuid)).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledWith(message);
  });
});

describe('the failed photos screen', () => {
  it('is built, and only the administrator opens it', () => {
    const screen = menuScreens.find((one) => one.path === '/tools/photo_sync_failed');
    expect(screen?.load).toBeDefined();
    expect(visibleScreens('admin').map((one) => one.path)).toContain('/tools/photo_sync_failed');
    for (const role of ['manager', 'agent', 'viewer', 'sync'])
      expect(visibleScreens(role).map((one) => one.path)).not.toContain('/tools/photo_sync_failed');
  });
});
