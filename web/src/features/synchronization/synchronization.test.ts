import { afterEach, describe, expect, it, vi } from 'vitest';
import { rolesThatMay } from '../../app/access';
import { visibleScreens } from '../../app/menu';
import { menuScreens } from '../../app/screens';
import { fakeServer, json } from '../../test/fakeServer';
import { api } from '../../shared/api/client';
import { ApiError, request } from '../../shared/api/request';
import { notifyError } from '../../shared/feedback/feedback';
import { JOURNAL_DEFAULTS, journalQuery } from './api';
import {
  RUN_POLL_MS,
  isRunning,
  runPollInterval,
  stateColor,
  stateLabel,
  stateOptions,
  stoppedAtText,
  typeLabel,
  typeOptions,
} from './labels';

vi.mock('../../shared/feedback/feedback', () => ({
  notifyError: vi.fn(),
  notifyWarning: vi.fn(),
  notifySuccess: vi.fn(),
}));

describe('a run in French', () => {
  it('names each state and type, and shows an unknown one as it comes', () => {
    expect(['running', 'done', 'failed', 'stopped'].map(stateLabel)).toEqual([
      'En cours',
      'Terminée',
      'Échouée',
      'Arrêtée',
    ]);
    expect(stateLabel('paused')).toBe('paused');
    expect(stateLabel(undefined)).toBe('');
    expect(typeLabel('to_server')).toBe('Envoi');
    expect(typeLabel('from_server')).toBe('Réception');
    expect(typeLabel('sideways')).toBe('sideways');
  });

  it('colours a state: failed red, done green, an unknown one default', () => {
    expect(stateColor('failed')).toBe('red');
    expect(stateColor('done')).toBe('green');
    expect(stateColor('running')).toBe('blue');
    expect(stateColor('paused')).toBe('default');
  });

  it('offers every type and state as a filter choice', () => {
    expect(typeOptions()).toEqual([
      { value: 'to_server', label: 'Envoi' },
      { value: 'from_server', label: 'Réception' },
    ]);
    expect(stateOptions().map((option) => option.value)).toEqual(['running', 'done', 'failed', 'stopped']);
  });

  it('says "en cours" for the end of a run still going on', () => {
    expect(stoppedAtText({ synchronizationJournal_state: 'running', synchronizationJournal_stoppedAt: null })).toBe(
      'en cours',
    );
    expect(stoppedAtText({ synchronizationJournal_state: 'failed' })).toBe('');
    expect(
      stoppedAtText({ synchronizationJournal_state: 'done', synchronizationJournal_stoppedAt: '2026-11-25T10:05:00Z' }),
    ).toMatch(/^25\/11\/2026 \d\d:05$/);
  });
});

describe('following a run', () => {
  it('reads a run again every second while it runs, and no more once it ended', () => {
    expect(RUN_POLL_MS).toBe(1000);
    expect(runPollInterval('running')).toBe(1000);
    for (const state of ['done', 'failed', 'stopped', undefined]) expect(runPollInterval(state)).toBe(false);
    expect(isRunning('running')).toBe(true);
    expect(isRunning('done')).toBe(false);
  });
});

describe('the journal query', () => {
  it('opens newest first, with no filter', () => {
    expect(journalQuery(JOURNAL_DEFAULTS)).toEqual({
      _limit: 50,
      _offset: 0,
      _orderBy: 'synchronizationJournal_startedAt',
      _descending: true,
      type: undefined,
      state: undefined,
    });
  });

  it('sends the chosen type and state, and the page asked for', () => {
    const query = journalQuery({ ...JOURNAL_DEFAULTS, page: 3, pageSize: 20, type: 'from_server', state: 'failed' });
    expect(query).toMatchObject({ _limit: 20, _offset: 40, type: 'from_server', state: 'failed' });
  });
});

describe('the synchronisation calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's French refusal of a start (409) and throws it", async () => {
    const refusal = 'Une synchronisation est déjà en cours.';
    fakeServer({
      'GET /api/synchronization/get_synchronization_start/to_server': () =>
        json({ status: 'error', message: refusal }, 409),
    });
    const call = request(
      api.GET('/synchronization/get_synchronization_start/{direction}', {
        params: { path: { direction: 'to_server' } },
      }),
    );
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 409, message: refusal });
    expect(notifyError).toHaveBeenCalledWith(refusal);
  });

  it('stops a run by its uuid', async () => {
    const server = fakeServer({
      'POST /api/synchronization/get_synchronization_stop': () =>
        json({ status: 'ok', data: { synchronizationJournal_uuid: 'u-1', synchronizationJournal_state: 'stopped' } }),
    });
    const answer = await request(api.POST('/synchronization/get_synchronization_stop', { body: { uuid: 'u-1' } }));
    expect(answer.data.synchronizationJournal_state).toBe('stopped');
    expect(server.calls[0].body).toEqual({ uuid: 'u-1' });
  });
});

describe('who sees the synchronisation screens', () => {
  const syncPaths = (role: string) =>
    visibleScreens(role)
      .map((screen) => screen.path)
      .filter((path) => path.startsWith('/synchronization'));

  it("admin, manager and agent; not viewer, nor the laptops' sync logins", () => {
    for (const role of ['admin', 'manager', 'agent'])
      expect(syncPaths(role)).toEqual(['/synchronization', '/synchronization/journal']);
    for (const role of ['viewer', 'sync']) expect(syncPaths(role)).toEqual([]);
  });

  it('the screens show the sync area, whose matrix gives the same roles', () => {
    const screens = menuScreens.filter((screen) => screen.path.startsWith('/synchronization'));
    for (const screen of screens) {
      expect(screen.area).toBe('sync');
      expect(screen.load).toBeDefined();
      expect(screen.access).toEqual(rolesThatMay('sync', 'write'));
    }
  });
});
