import { describe, expect, it } from 'vitest';
import { slug, toText } from './text';

describe('toText', () => {
  it('writes out strings, numbers and booleans', () => {
    expect(toText(' Daloa ')).toBe(' Daloa ');
    expect(toText(7)).toBe('7');
    expect(toText(false)).toBe('false');
  });

  it('gives nothing for an empty value or an object', () => {
    expect(toText(null)).toBe('');
    expect(toText(undefined)).toBe('');
    expect(toText({ a: 1 })).toBe('');
  });
});

describe('slug', () => {
  it('writes a French title in lower case, without accents, a dash between words', () => {
    expect(slug('Membres par région')).toBe('membres-par-region');
    expect(slug("Membres par tranche d'âge")).toBe('membres-par-tranche-d-age');
    expect(slug('  Paiements  par opérateur (FCFA) ')).toBe('paiements-par-operateur-fcfa');
    expect(slug('Œuvres : Élèves à Bouaké')).toBe('oeuvres-eleves-a-bouake');
  });

  it('leaves nothing of a title without a letter or a digit', () => {
    expect(slug(' — ')).toBe('');
  });
});
