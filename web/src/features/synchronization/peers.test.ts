import { afterEach, describe, expect, it, vi } from 'vitest';
import { may, rolesThatMay } from '../../app/access';
import { api } from '../../shared/api/client';
import { ApiError, request } from '../../shared/api/request';
import { notifyError } from '../../shared/feedback/feedback';
import { pagingQuery } from '../../shared/list/listParams';
import { fr } from '../../shared/locale/fr';
import { fakeServer, json } from '../../test/fakeServer';
import { PEER_DEFAULTS, PEER_SORTABLE } from './api';
import { peerState, peerStateColor, peerStateLabel } from './peers';

vi.mock('../../shared/feedback/feedback', () => ({
  notifyError: vi.fn(),
  notifyWarning: vi.fn(),
  notifySuccess: vi.fn(),
}));

const INSTANCE = '0190a5f4-1111-7000-8000-000000000001';
const peer = (patch: { readmitted?: boolean; sendingEverything?: boolean } = {}) => ({
  instanceId: INSTANCE,
  login_name: 'poste-korhogo-1',
  highPosition: 12,
  firstSeen: '2026-11-20T08:00:00Z',
  lastSeen: '2026-11-25T10:05:00Z',
  readmitted: false,
  sendingEverything: false,
  ...patch,
});

describe('the state of a field laptop', () => {
  it('waits for its send once accepted again, then sends everything, else is up to date', () => {
    expect(peerState(peer())).toBe('upToDate');
    expect(peerState(peer({ readmitted: true }))).toBe('readmitted');
    expect(peerState(peer({ sendingEverything: true }))).toBe('sendingEverything');
    // Accepted again once more before it sent: it waits for its send first.
    expect(peerState(peer({ readmitted: true, sendingEverything: true }))).toBe('readmitted');
  });

  it('says each state in French, in a tag of its own colour', () => {
    expect(peerStateLabel('readmitted')).toBe('Accepté de nouveau : attend son envoi');
    expect(peerStateLabel('sendingEverything')).toBe('Renvoie tout ce qui a été fait sur le poste');
    expect(peerStateLabel('upToDate')).toBe('À jour');
    const colours = (['readmitted', 'sendingEverything', 'upToDate'] as const).map(peerStateColor);
    expect(colours).toEqual(['orange', 'blue', 'green']);
  });

  it('names the login in the notice of a laptop accepted again', () => {
    expect(fr.synchronization.peers.readmitted('poste-korhogo-1')).toMatch(/^Poste poste-korhogo-1 accepté de nouveau/);
    expect(fr.synchronization.peers.total('1', 1)).toBe('1 poste de terrain');
    expect(fr.synchronization.peers.total('3', 3)).toBe('3 postes de terrain');
  });
});

describe('the list of field laptops', () => {
  it('opens on the laptops seen last, and sorts on what the server allows', () => {
    expect(pagingQuery(PEER_DEFAULTS)).toEqual({ _limit: 20, _offset: 0, _orderBy: 'lastSeen', _descending: true });
    expect(PEER_SORTABLE).toEqual(['lastSeen', 'firstSeen', 'login_name']);
  });

  it('offers to accept a laptop again to administrators and managers only', () => {
    expect(rolesThatMay('sync', 'delete')).toEqual(['admin', 'manager']);
    expect(may('agent', 'sync', 'read')).toBe(true);
    expect(may('agent', 'sync', 'delete')).toBe(false);
  });
});

describe('accepting a field laptop again', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('deletes its lineage by its instance id, answering it accepted again', async () => {
    const path = `/api/synchronization/delete_synchronization_peer_lineage/${INSTANCE}`;
    const server = fakeServer({ [`DELETE ${path}`]: () => json({ status: 'ok', data: peer({ readmitted: true }) }) });
    const answer = await request(
      api.DELETE('/synchronization/delete_synchronization_peer_lineage/{instanceId}', {
        params: { path: { instanceId: INSTANCE } },
      }),
    );
    expect(answer.data.readmitted).toBe(true);
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`DELETE ${path}`]);
  });

  it("shows the server's French refusal of an unknown laptop (404) and throws it", async () => {
    const refusal = "Ce poste de terrain ne s'est jamais présenté à ce serveur central.";
    fakeServer({
      [`DELETE /api/synchronization/delete_synchronization_peer_lineage/${INSTANCE}`]: () =>
        json({ status: 'error', message: refusal }, 404),
    });
    const call = request(
      api.DELETE('/synchronization/delete_synchronization_peer_lineage/{instanceId}', {
        params: { path: { instanceId: INSTANCE } },
      }),
    );
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 404, message: refusal });
    expect(notifyError).toHaveBeenCalledWith(refusal);
  });
});
