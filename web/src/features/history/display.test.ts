import { describe, expect, it } from 'vitest';
import { formatMoment } from '../../shared/format/date';
import { changeLines, changeValues, entryKind, fieldLabel, sourceText, valueText } from './display';
import { change, entry, MEMBER_HISTORY } from './testEntries';

const labels = { member_firstname: 'Prénoms', member_lastname: 'Nom', member_birthDate: 'Date de naissance' };
const names = { member_gender: { M: 'Homme', F: 'Femme' } };

describe('valueText', () => {
  it('writes days jj/mm/aaaa, booleans Oui/Non, nothing « (vide) », coded values by name', () => {
    expect(valueText('member_birthDate', '1980-05-12')).toBe('12/05/1980');
    expect(valueText('member_isSpouse', 'true')).toBe('Oui');
    expect(valueText('member_isSpouse', 'false')).toBe('Non');
    expect(valueText('member_city', undefined)).toBe('(vide)');
    expect(valueText('member_city', '')).toBe('(vide)');
    expect(valueText('member_gender', 'F', names)).toBe('Femme');
    expect(valueText('member_householdSize', '12')).toBe('12');
    expect(valueText('member_city', 'Bouaké')).toBe('Bouaké');
  });
});

describe('changeValues', () => {
  it('writes a change « ancien → nouveau », a creation its new value, a deletion its old one', () => {
    expect(changeValues(change('member_firstname', 'Adjoua', 'Awa'), 'change')).toBe('Adjoua → Awa');
    expect(changeValues(change('member_contact', '0707080910', null), 'change')).toBe('0707080910 → (vide)');
    expect(changeValues(change('member_firstname', null, 'Adjoua'), 'creation')).toBe('Adjoua');
    expect(changeValues(change('member_firstname', 'Aya', null), 'deletion')).toBe('Aya');
  });

  it('tells a new photo by its version', () => {
    expect(changeValues(change('member_photoVersion', '1', '2'), 'change')).toBe('nouvelle photo (version 2)');
    expect(changeValues(change('member_photoVersion', null, '1'), 'creation')).toBe('nouvelle photo (version 1)');
  });
});

describe('entryKind', () => {
  it('tells a creation (no old value) and a deletion (no new value) from a change', () => {
    expect(entryKind(MEMBER_HISTORY[3])).toBe('creation');
    expect(entryKind(MEMBER_HISTORY[2])).toBe('change');
    expect(entryKind(MEMBER_HISTORY[1])).toBe('change');
    expect(entryKind(entry(5, [change('member_firstname', 'Aya', null)]))).toBe('deletion');
  });
});

describe('changeLines', () => {
  it('labels the fields in French, in the labels’ order, without the technical ids', () => {
    expect(changeLines(MEMBER_HISTORY[3], labels)).toEqual([
      { field: 'member_firstname', label: 'Prénoms', values: 'Adjoua' },
      { field: 'member_lastname', label: 'Nom', values: 'Kouamé' },
      { field: 'member_birthDate', label: 'Date de naissance', values: '12/05/1980' },
      { field: 'member_contact', label: 'member_contact', values: '0707080910' },
      { field: 'member_isSpouse', label: 'member_isSpouse', values: 'Non' },
    ]);
  });

  it('names the photo « Photo » when the labels do not', () => {
    expect(fieldLabel('member_photoVersion', labels)).toBe('Photo');
    expect(changeLines(MEMBER_HISTORY[0], labels)).toEqual([
      { field: 'member_photoVersion', label: 'Photo', values: 'nouvelle photo (version 2)' },
    ]);
  });
});

describe('sourceText', () => {
  it('names each source in French, a synchronisation with its laptop', () => {
    expect(sourceText(entry(1, [], 'screen'))).toBe('Écran');
    expect(sourceText(entry(1, [], 'api'))).toBe('API');
    expect(sourceText(entry(1, [], 'statement'))).toBe('Relevé importé');
    expect(sourceText(entry(1, [], 'merge'))).toBe('Fusion');
    expect(sourceText(entry(1, [], 'restore'))).toBe('Restauration');
    expect(sourceText(entry(1, [], 'sync'))).toBe('Synchronisation');
    expect(sourceText({ ...entry(1, [], 'sync'), history_device: 'PC-12' })).toBe(
      'Synchronisation depuis le portable PC-12',
    );
  });
});

describe('formatMoment', () => {
  it('tells a moment in words, « 1er » for the first day', () => {
    expect(formatMoment('2026-12-07T14:32:05')).toBe('7 décembre 2026 à 14:32:05');
    expect(formatMoment('2026-03-01T08:05:09')).toBe('1er mars 2026 à 08:05:09');
    expect(formatMoment('')).toBe('');
  });
});
