import { describe, expect, it } from 'vitest';
import { conflictMember, diffVersions, fieldLabel, parseVersion, valueText, type SyncedVersion } from './conflicts';
import { COUNT_FIELDS, countLabel, countText } from './labels';

/** A synchronised member record as the server keeps it, `record` changed by `patch`. */
function version(patch: Record<string, unknown> = {}, outer: Partial<SyncedVersion> = {}): SyncedVersion {
  return {
    record: {
      member_id: null,
      member_uuid: '0b6f6c0e-1111-4222-8333-444455556666',
      member_idNumber: 'KOR-000123-45',
      member_lastname: 'Koné',
      member_firstname: 'Awa',
      member_address: 'Quartier Résidentiel, Korhogo',
      member_birthDate: '1990-04-12',
      member_gender: 'F',
      member_isSpouse: false,
      member_mainMemberId: null,
      occupation: 'Producteur',
      householdSize: 5,
      ...patch,
    },
    mainMemberUuid: '',
    member_orderNumber: 0,
    updatedAt: '2026-11-25T10:05:00.123456Z',
    updatedByUser: 'admin',
    originInstance: 'central',
    position: 12,
    ...outer,
  };
}

describe("a run's counts in French", () => {
  it('labels the three counts, in the order the screens show them', () => {
    expect(COUNT_FIELDS.map(countLabel)).toEqual(['Envoyés', 'Reçus', 'Conflits']);
  });

  it('writes a count as a French reader does; none is 0', () => {
    expect(countText(2)).toBe('2');
    expect(countText(1250).replace(/\s/g, ' ')).toBe('1 250');
    expect(countText(undefined)).toBe('0');
    expect(countText(null)).toBe('0');
  });
});

describe("a conflict's versions", () => {
  it('parses a version from its JSON text; a text that is no record gives null', () => {
    const parsed = parseVersion(JSON.stringify(version()));
    expect(parsed?.record?.member_lastname).toBe('Koné');
    expect(parsed?.updatedByUser).toBe('admin');
    for (const bad of ['', 'not json', '[1, 2]', 'null', '"text"', undefined, null])
      expect(parseVersion(bad)).toBeNull();
  });

  it('lists only the fields that differ, labelled as the members screens label them', () => {
    const kept = version({ member_address: 'Sinistré, Korhogo', occupation: 'Commerçant' });
    const lost = version({ member_address: 'Petit Paris, Korhogo' }, { updatedAt: '2026-11-25T09:00:00Z' });
    expect(diffVersions(kept, lost)).toEqual([
      {
        field: 'member_address',
        label: 'Adresse',
        kept: 'Sinistré, Korhogo',
        lost: 'Petit Paris, Korhogo',
      },
      { field: 'occupation', label: 'Profession', kept: 'Commerçant', lost: 'Producteur' },
    ]);
  });

  it('compares a deletion with an edit by whether the member is there, not field by field', () => {
    const deletion = version({}, { deleted: true, updatedByUser: 'agent1' });
    expect(diffVersions(deletion, version({ member_address: 'Ailleurs' }))).toEqual([
      { field: 'deleted', label: 'Adhérent', kept: 'Supprimé', lost: 'Présent' },
    ]);
    expect(diffVersions(version(), deletion).map((d) => [d.kept, d.lost])).toEqual([['Présent', 'Supprimé']]);
    expect(conflictMember(deletion, null)).toEqual({ name: 'Koné Awa', idNumber: 'KOR-000123-45' });
  });

  it('finds no difference between two equal versions, nor between an empty value and a missing one', () => {
    expect(diffVersions(version(), version({}, { updatedAt: '2026-11-26T00:00:00Z', updatedByUser: 'x' }))).toEqual([]);
    expect(diffVersions(version({ member_district: '' }), version({ member_district: null }))).toEqual([]);
    expect(diffVersions(version({ member_contact: '' }), version({ member_contact: undefined }))).toEqual([]);
  });

  it("leaves out each instance's own ids, but compares the main member's uuid and the rank", () => {
    const kept = version({ member_id: 4, member_mainMemberId: 1 }, { mainMemberUuid: 'aaa', member_orderNumber: 2 });
    const lost = version({ member_id: 9, member_mainMemberId: 7 }, { mainMemberUuid: 'bbb', member_orderNumber: 1 });
    expect(diffVersions(kept, lost).map((difference) => [difference.field, difference.label])).toEqual([
      ['member_orderNumber', 'Rang dans la famille'],
      ['mainMemberUuid', 'Adhérent principal (uuid)'],
    ]);
  });

  it('writes values as the screens do: Oui/Non, days jj/mm/aaaa, genders in words, « (vide) »', () => {
    const kept = version({ member_isSpouse: true, member_birthDate: '1991-04-12', member_gender: 'M' });
    const lost = version({ member_address: '', member_birthDate: null });
    const byField = Object.fromEntries(diffVersions(kept, lost).map((d) => [d.field, [d.kept, d.lost]]));
    expect(byField).toEqual({
      member_birthDate: ['12/04/1991', '(vide)'],
      member_gender: ['Homme', 'Femme'],
      member_isSpouse: ['Oui', 'Non'],
      member_address: ['Quartier Résidentiel, Korhogo', '(vide)'],
    });
  });

  it('names a field the members screens do not know by its JSON name', () => {
    expect(fieldLabel('member_address')).toBe('Adresse');
    expect(fieldLabel('member_lastname')).toBe('Nom');
    expect(fieldLabel('originInstance')).toBe('Instance d’origine');
    expect(fieldLabel('member_newField')).toBe('member_newField');
    const kept = version({ member_newField: 'a' });
    expect(diffVersions(kept, version()).map((d) => [d.label, d.kept, d.lost])).toEqual([
      ['member_newField', 'a', '(vide)'],
    ]);
  });

  it('compares a version that cannot be read with nothing', () => {
    const differences = diffVersions(version(), null);
    expect(differences.find((d) => d.field === 'member_lastname')).toMatchObject({ kept: 'Koné', lost: '(vide)' });
  });

  it('writes numbers and other values as text', () => {
    expect(valueText('householdSize', 5)).toBe('5');
    expect(valueText('member_gender', 'X')).toBe('X');
    expect(valueText('extra', { a: 1 })).toBe('{"a":1}');
  });
});

describe('the member of a conflict', () => {
  it('is named by the version kept, with its number', () => {
    expect(conflictMember(version({ member_lastname: 'Ouattara' }), version())).toEqual({
      name: 'Ouattara Awa',
      idNumber: 'KOR-000123-45',
    });
  });

  it('is named by the lost version when the kept one cannot be read, and says so when nameless', () => {
    expect(conflictMember(null, version()).name).toBe('Koné Awa');
    expect(conflictMember(null, null)).toEqual({ name: 'Adhérent sans nom', idNumber: '' });
  });
});
