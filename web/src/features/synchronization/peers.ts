// The field laptops the central server knows, in French: the state of each (accepted again and waiting
// for its send, sending everything made on it again, or up to date) and the colour of its tag.
import { fr } from '../../shared/locale/fr';

const text = fr.synchronization.peers;

export type PeerState = keyof typeof text.states;

const COLORS: Record<PeerState, string> = {
  readmitted: 'orange',
  sendingEverything: 'blue',
  upToDate: 'green',
};

/** A laptop accepted again waits for its next send first; then it sends everything; else it is up to date. */
export function peerState(peer: { readmitted: boolean; sendingEverything: boolean }): PeerState {
  if (peer.readmitted) return 'readmitted';
  if (peer.sendingEverything) return 'sendingEverything';
  return 'upToDate';
}

/** « Accepté de nouveau : attend son envoi », « Renvoie tout ce qui a été fait sur le poste », « À jour ». */
export function peerStateLabel(state: PeerState): string {
  return text.states[state];
}

/** The antd tag colour of a laptop's state. */
export function peerStateColor(state: PeerState): string {
  return COLORS[state];
}
