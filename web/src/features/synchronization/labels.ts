// A synchronisation run's type and state in French, the colour of the state's tag, and the choices of the
// journal's filters.
import { formatCount } from '../../shared/format/count';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';

const text = fr.synchronization;

export type SyncDirection = keyof typeof text.types;
export type SyncState = keyof typeof text.states;

export const SYNC_DIRECTIONS = Object.keys(text.types) as SyncDirection[];
export const SYNC_STATES = Object.keys(text.states) as SyncState[];

const COLORS: Record<SyncState, string> = {
  running: 'blue',
  done: 'green',
  failed: 'red',
  stopped: 'orange',
};

const isState = (state: string): state is SyncState => Object.hasOwn(text.states, state);
const isDirection = (type: string): type is SyncDirection => Object.hasOwn(text.types, type);

/** "done" -> "Terminée"; an unknown state is shown as it comes. */
export function stateLabel(state: string | null | undefined): string {
  if (!state) return '';
  return isState(state) ? text.states[state] : state;
}

/** The antd tag colour of a state. */
export function stateColor(state: string | null | undefined): string {
  return state && isState(state) ? COLORS[state] : 'default';
}

/** "to_server" -> "Envoi"; an unknown type is shown as it comes. */
export function typeLabel(type: string | null | undefined): string {
  if (!type) return '';
  return isDirection(type) ? text.types[type] : type;
}

export const typeOptions = () => SYNC_DIRECTIONS.map((type) => ({ value: type, label: typeLabel(type) }));
export const stateOptions = () => SYNC_STATES.map((state) => ({ value: state, label: stateLabel(state) }));

/** A run still going on: its entry is read again every second, and it can be stopped. */
export const isRunning = (state: string | null | undefined) => state === 'running';

/** How often a run's entry is read again: every second while it runs, no more once it ended. */
export const RUN_POLL_MS = 1000;
export function runPollInterval(state: string | null | undefined): number | false {
  return isRunning(state) ? RUN_POLL_MS : false;
}

/** When a run stopped; "en cours" while it runs. */
export function stoppedAtText(entry: {
  synchronizationJournal_state: string;
  synchronizationJournal_stoppedAt?: string | null;
}) {
  if (entry.synchronizationJournal_stoppedAt) return formatDateTime(entry.synchronizationJournal_stoppedAt);
  return isRunning(entry.synchronizationJournal_state) ? text.running : '';
}

/** A run's counts so far, in the order the screens show them: members sent, received, conflicts. */
export const COUNT_FIELDS = [
  'synchronizationJournal_sent',
  'synchronizationJournal_received',
  'synchronizationJournal_conflicts',
] as const;
export type CountField = (typeof COUNT_FIELDS)[number];

/** "Envoyés", "Reçus", "Conflits". */
export const countLabel = (field: CountField) => text.fields[field];

/** A count as a French reader writes it ("1 250"); an entry that says none has 0. */
export function countText(value: number | null | undefined): string {
  return formatCount(value ?? 0);
}
