// What the making of cards did, as the screen sums it up: how many cards were made, and each member
// refused, named as the list named it, with the server's French reason.
import { fr } from '../../shared/locale/fr';
import type { CardCandidate, CreatedCards } from './cardApi';

export interface CreationSummary {
  made: string;
  refused: { memberId: number; name: string; reason: string }[];
}

/** "Awa Koné (C000001234)". */
export function candidateName(
  candidate: Pick<CardCandidate, 'member_firstname' | 'member_lastname' | 'member_idNumber'>,
) {
  const name = [candidate.member_firstname, candidate.member_lastname].filter(Boolean).join(' ');
  return candidate.member_idNumber ? `${name} (${candidate.member_idNumber})` : name;
}

export function creationSummary(answer: CreatedCards, candidates: readonly CardCandidate[]): CreationSummary {
  const names = new Map(candidates.map((candidate) => [candidate.member_id, candidateName(candidate)]));
  return {
    made: fr.cards.creation.made(answer.card_ids?.length ?? 0),
    refused: (answer.refused ?? []).map((refusal) => ({
      memberId: refusal.member_id ?? 0,
      name: names.get(refusal.member_id ?? 0) || fr.cards.creation.member(refusal.member_id ?? 0),
      reason: refusal.message ?? '',
    })),
  };
}
