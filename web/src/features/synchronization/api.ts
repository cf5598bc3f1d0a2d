// The synchronisation's calls as TanStack Query hooks: start a run (it answers at once and works in the
// background), follow it (read again every second while it runs), stop it, the journal of runs, the
// conflicts a run met, and on the central server the field laptops it knows and accepting one again.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import { fr } from '../../shared/locale/fr';
import { pagingQuery, type ListParams } from '../../shared/list/listParams';
import { isRunning, RUN_POLL_MS, runPollInterval, type SyncDirection, type SyncState } from './labels';

export type JournalEntry = Schemas['JournalEntry'];
export type RunConflict = Schemas['Conflict'];

/** The fields the gateway lets the journal sort on. */
export const JOURNAL_SORTABLE = ['synchronizationJournal_startedAt', 'synchronizationJournal_id'] as const;
export type JournalSortField = (typeof JOURNAL_SORTABLE)[number];

export interface JournalListParams extends ListParams<JournalSortField> {
  type?: SyncDirection;
  state?: SyncState;
}

/** The journal opens newest first. */
export const JOURNAL_DEFAULTS: JournalListParams = {
  page: 1,
  pageSize: 50,
  orderBy: 'synchronizationJournal_startedAt',
  descending: true,
  filter: '',
};

/** A run's entry as a start or a stop answers it (no notice: the screen shows the run). */
type RunAnswer = { message?: string; data: JournalEntry };

export const syncKey = ['synchronization'] as const;

/** The query of a journal page: the shared paging inputs and the two filters (none when not chosen). */
export function journalQuery(params: JournalListParams) {
  return { ...pagingQuery(params), type: params.type, state: params.state };
}

/** A page of the journal, read again every second while one of its runs is still going on. */
export function useJournalList(params: JournalListParams) {
  return useQuery({
    queryKey: [...syncKey, 'list', params],
    queryFn: () =>
      request(api.GET('/synchronization/get.synchronization_list', { params: { query: journalQuery(params) } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((entry) => isRunning(entry.synchronizationJournal_state)) ? RUN_POLL_MS : false,
  });
}

/** One run, by its uuid (`null`: none), read again every second while it runs. */
export function useJournalEntry(uuid: string | null) {
  return useQuery({
    queryKey: [...syncKey, 'one', uuid],
    queryFn: async () =>
      (await request(api.GET('/synchronization/get.synchronization/{uuid}', { params: { path: { uuid: uuid! } } })))
        .data,
    enabled: uuid !== null,
    refetchInterval: (query) => runPollInterval(query.state.data?.synchronizationJournal_state),
  });
}

/**
 * The conflicts a run met (`count`: how many its entry says so far; none asked while it is 0). Read again
 * when the count grows, as the entry of a run going on is read every second.
 */
export function useRunConflicts(uuid: string, count: number) {
  return useQuery({
    queryKey: [...syncKey, 'conflicts', uuid, count],
    queryFn: async () =>
      (await request(api.GET('/synchronization/get.synchronization_conflicts/{uuid}', { params: { path: { uuid } } })))
        .data,
    enabled: count > 0,
    placeholderData: keepPreviousData,
  });
}

/** Starts a run; a refusal (one already runs, or this is the central server) shows the server's notice. */
export function useStartSync() {
  return useWrite([syncKey], async (direction: SyncDirection): Promise<RunAnswer> => {
    const answer = await request(
      api.GET('/synchronization/get_synchronization_start/{direction}', { params: { path: { direction } } }),
    );
    return { data: answer.data };
  });
}

/** Asks a run to stop: it stops between two steps. */
export function useStopSync() {
  return useWrite([syncKey], async (uuid: string): Promise<RunAnswer> => {
    const answer = await request(api.POST('/synchronization/get_synchronization_stop', { body: { uuid } }));
    return { data: answer.data };
  });
}

export type Peer = Schemas['Peer'];

/** The fields the gateway lets the list of field laptops sort on. */
export const PEER_SORTABLE = ['lastSeen', 'firstSeen', 'login_name'] as const;
export type PeerSortField = (typeof PEER_SORTABLE)[number];

/** The laptops seen last come first. */
export const PEER_DEFAULTS: ListParams<PeerSortField> = {
  page: 1,
  pageSize: 20,
  orderBy: 'lastSeen',
  descending: true,
  filter: '',
};

/** On the central server: a page of the field laptops that presented themselves to it. */
export function usePeerList(params: ListParams<PeerSortField>) {
  return useQuery({
    queryKey: [...syncKey, 'peers', params],
    queryFn: () =>
      request(api.GET('/synchronization/get.synchronization_peer_list', { params: { query: pagingQuery(params) } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * On the central server restored from a backup: accepts a field laptop again (refused as a copy since, as
 * it sent after the backup); its next sending run is accepted and sends again everything made on it. The
 * notice names its login.
 */
export function useReadmitPeer() {
  return useWrite([syncKey], async (peer: Peer): Promise<{ message: string; data: Peer }> => {
    const answer = await request(
      api.DELETE('/synchronization/delete_synchronization_peer_lineage/{instanceId}', {
        params: { path: { instanceId: peer.instanceId } },
      }),
    );
    return {
      message: fr.synchronization.peers.readmitted(answer.data.login_name || peer.login_name),
      data: answer.data,
    };
  });
}
