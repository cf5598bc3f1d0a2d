import { describe, expect, it } from 'vitest';
import { documentTitle } from './title';

describe('documentTitle', () => {
  it('names the screen, then the product, with a pipe', () => {
    expect(documentTitle('Utilisateurs')).toBe('Utilisateurs | Sésame');
  });

  it('is the product alone without a screen', () => {
    expect(documentTitle()).toBe('Sésame');
    expect(documentTitle('')).toBe('Sésame');
    expect(documentTitle('   ')).toBe('Sésame');
    expect(documentTitle(null)).toBe('Sésame');
  });
});
