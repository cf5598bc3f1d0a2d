import { describe, expect, it } from 'vitest';
import type { CardCandidate } from './cardApi';
import { CARD_STATUSES, isPending, statusColor, statusLabel, statusOptions } from './cardStatus';
import { candidateName, creationSummary } from './creation';

describe('card statuses in French', () => {
  it('each status has its label and its colour', () => {
    expect(statusLabel('pending')).toBe("En attente d'impression");
    expect(statusLabel('printed')).toBe('Imprimée');
    expect(statusLabel('in_delivery')).toBe('En livraison');
    expect(statusLabel('delivered')).toBe('Livrée');
    expect(statusLabel('error')).toBe('En erreur');
    expect(statusLabel('cancelled')).toBe('Annulée');
    expect(statusLabel('revoked')).toBe('Révoquée');
    expect(statusColor('delivered')).toBe('green');
    expect(statusColor('error')).toBe('red');
    expect(new Set(CARD_STATUSES.map(statusColor)).size).toBe(CARD_STATUSES.length);
  });

  it('an unknown status is shown as it comes, without colour', () => {
    expect(statusLabel('lost')).toBe('lost');
    expect(statusLabel('toString')).toBe('toString');
    expect(statusColor('lost')).toBe('default');
    expect(statusLabel(null)).toBe('');
    expect(statusLabel('')).toBe('');
  });

  it('the filter offers the seven statuses; only pending cards can be marked printed', () => {
    expect(statusOptions().map((option) => option.value)).toEqual([
      'pending',
      'printed',
      'in_delivery',
      'delivered',
      'error',
      'cancelled',
      'revoked',
    ]);
    expect(isPending('pending')).toBe(true);
    expect(isPending('printed')).toBe(false);
    expect(isPending(undefined)).toBe(false);
  });
});

describe('the making of cards, summed up', () => {
  const awa: CardCandidate = {
    member_id: 7,
    member_idNumber: 'C000000007',
    member_firstname: 'Awa',
    member_lastname: 'Koné',
    transaction_id: 31,
    transaction_amount: 5000,
  };
  const yao: CardCandidate = {
    ...awa,
    member_id: 8,
    member_idNumber: '',
    member_firstname: 'Yao',
    member_lastname: 'N’Guessan',
  };

  it('names a member with its number', () => {
    expect(candidateName(awa)).toBe('Awa Koné (C000000007)');
    expect(candidateName(yao)).toBe('Yao N’Guessan');
  });

  it('counts the cards made, in French', () => {
    expect(creationSummary({ card_ids: [1], refused: [] }, [awa])).toEqual({ made: '1 carte créée', refused: [] });
    expect(creationSummary({ card_ids: [1, 2], refused: [] }, []).made).toBe('2 cartes créées');
    expect(creationSummary({ card_ids: [], refused: [] }, []).made).toBe("Aucune carte n'a été créée");
  });

  it('names each refused member with the reason, even one the list no longer shows', () => {
    const summary = creationSummary(
      {
        card_ids: [3],
        refused: [
          { member_id: 7, message: 'Awa Koné a déjà une carte valide ou en cours (n° SES0001).' },
          { member_id: 99, message: 'Adhérent n° 99 introuvable.' },
        ],
      },
      [awa, yao],
    );
    expect(summary.made).toBe('1 carte créée');
    expect(summary.refused).toEqual([
      {
        memberId: 7,
        name: 'Awa Koné (C000000007)',
        reason: 'Awa Koné a déjà une carte valide ou en cours (n° SES0001).',
      },
      { memberId: 99, name: 'Adhérent n° 99', reason: 'Adhérent n° 99 introuvable.' },
    ]);
  });
});
