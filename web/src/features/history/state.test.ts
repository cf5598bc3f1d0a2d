import { describe, expect, it } from 'vitest';
import { historyText, restorePreview, stateAt } from './state';
import { change, entry, MEMBER_HISTORY } from './testEntries';

describe('stateAt', () => {
  it('folds the versions from the oldest up to the one asked for, whatever their order', () => {
    expect(stateAt(MEMBER_HISTORY, 1)).toEqual({
      member_id: '7',
      member_uuid: 'b1c2',
      member_firstname: 'Adjoua',
      member_lastname: 'Kouamé',
      member_birthDate: '1980-05-12',
      member_contact: '0707080910',
      member_isSpouse: 'false',
    });
    expect(stateAt(MEMBER_HISTORY, 2).member_firstname).toBe('Awa');
  });

  it('clears a field whose new value is null or empty', () => {
    const state = stateAt(MEMBER_HISTORY, 3);
    expect(state.member_firstname).toBe('Aya');
    expect(state).not.toHaveProperty('member_contact');
    expect(
      stateAt([entry(1, [change('member_city', null, 'Bouaké')]), entry(2, [change('member_city', 'Bouaké', '')])], 2),
    ).toEqual({});
  });

  it('is empty before the first version', () => {
    expect(stateAt(MEMBER_HISTORY, 0)).toEqual({});
  });
});

describe('historyText', () => {
  it('writes the API values as the history does', () => {
    expect(historyText(12)).toBe('12');
    expect(historyText(true)).toBe('true');
    expect(historyText(false)).toBe('false');
    expect(historyText('1980-05-12')).toBe('1980-05-12');
    expect(historyText('')).toBeUndefined();
    expect(historyText(null)).toBeUndefined();
    expect(historyText(undefined)).toBeUndefined();
  });
});

describe('restorePreview', () => {
  const current = {
    member_id: 7,
    member_uuid: 'b1c2',
    member_firstname: 'Aya',
    member_lastname: 'Kouamé',
    member_birthDate: '1980-05-12',
    member_contact: '',
    member_isSpouse: false,
    member_city: 'Bouaké',
  };
  const shown = (field: string) => field !== 'member_id' && field !== 'member_uuid';

  it('lists the fields whose value at the version differs from the record now', () => {
    expect(restorePreview(MEMBER_HISTORY, 1, current, shown)).toEqual([
      { field: 'member_firstname', current: 'Aya', restored: 'Adjoua' },
      { field: 'member_contact', current: undefined, restored: '0707080910' },
    ]);
    expect(restorePreview(MEMBER_HISTORY, 2, current, shown)).toEqual([
      { field: 'member_firstname', current: 'Aya', restored: 'Awa' },
      { field: 'member_contact', current: undefined, restored: '0707080910' },
    ]);
  });

  it('compares only the fields the record has (not the photo version) and those the screen shows', () => {
    const changes = restorePreview(MEMBER_HISTORY, 3, { ...current, member_id: 8 }, shown);
    expect(changes).toEqual([]);
  });

  it('takes the latest version as the record now when none is given', () => {
    // The photo came after version 3: restoring it clears what the history knows of it.
    expect(restorePreview(MEMBER_HISTORY, 3, undefined)).toEqual([
      { field: 'member_photoVersion', current: '2', restored: undefined },
    ]);
  });

  it('finds nothing to change when restoring the record as it is', () => {
    expect(restorePreview(MEMBER_HISTORY, 4, current, shown)).toEqual([]);
  });
});
