import { describe, expect, it } from 'vitest';
import { checkProofFile, PROOF_MAX_BYTES } from './proofRules';

describe('the proof of a delivery', () => {
  it('is a JPEG or PNG photo, or a PDF, by its type or else its name', () => {
    expect(checkProofFile({ type: 'image/jpeg', name: 'photo.jpg', size: 1000 })).toBeNull();
    expect(checkProofFile({ type: 'image/png', name: 'photo.png', size: 1000 })).toBeNull();
    expect(checkProofFile({ type: 'application/pdf', name: 'bordereau.pdf', size: 1000 })).toBeNull();
    expect(checkProofFile({ type: '', name: 'BORDEREAU.PDF', size: 1000 })).toBeNull();
    expect(checkProofFile({ type: 'image/webp', name: 'photo.webp', size: 1000 })).toBe(
      'Le justificatif doit être une photo (JPEG ou PNG) ou un PDF du bordereau signé.',
    );
    expect(checkProofFile({ type: '', name: 'notes.txt', size: 1000 })).not.toBeNull();
  });

  it('is neither empty nor over 10 MB', () => {
    expect(checkProofFile({ type: 'image/png', name: 'p.png', size: 0 })).toBe('Le justificatif est vide.');
    expect(checkProofFile({ type: 'image/png', name: 'p.png', size: PROOF_MAX_BYTES })).toBeNull();
    expect(checkProofFile({ type: 'image/png', name: 'p.png', size: PROOF_MAX_BYTES + 1 })).toBe(
      'Le justificatif dépasse 10 Mo : envoyez une image ou un PDF plus léger.',
    );
  });
});
