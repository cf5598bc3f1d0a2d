import { describe, expect, it } from 'vitest';
import { DEPARTMENT, directParent, LOCALITY, nextStartOf, REGION, SUBPREFECTURE, toBody } from './levels';

describe('the body of a geography save', () => {
  it('creates without an id, with the code in capitals and the name trimmed', () => {
    expect(toBody(REGION, null, { region_code: ' hss ', region_name: ' Haut-Sassandra ' })).toEqual({
      region_code: 'HSS',
      region_name: 'Haut-Sassandra',
    });
  });

  it('updates with the id and carries the parent, not the answer-only names', () => {
    expect(
      toBody(DEPARTMENT, 7, {
        department_code: 'dal',
        department_name: 'Daloa',
        department_regionId: 3,
        region_name: 'x',
      }),
    ).toEqual({
      department_id: 7,
      department_code: 'DAL',
      department_name: 'Daloa',
      department_regionId: 3,
    });
  });

  it('sends only the direct parent of a cascade', () => {
    expect(
      toBody(SUBPREFECTURE, null, {
        subprefecture_code: 'dal-1',
        subprefecture_name: 'Gboguhé',
        region_id: 3,
        subprefecture_departmentId: 9,
      }),
    ).toEqual({ subprefecture_code: 'DAL-1', subprefecture_name: 'Gboguhé', subprefecture_departmentId: 9 });
    expect(
      toBody(LOCALITY, 4, {
        locality_name: 'Zaïbo',
        locality_regionId: 3,
        department_id: 9,
        locality_subprefectureId: 12,
      }),
    ).toEqual({
      locality_id: 4,
      locality_name: 'Zaïbo',
      locality_subprefectureId: 12,
    });
  });

  it('sends a locality without a code, and no parent as null', () => {
    expect(toBody(LOCALITY, null, { locality_name: 'Gbadi' })).toEqual({
      locality_name: 'Gbadi',
      locality_subprefectureId: null,
    });
  });
});

describe('the cascades of the geography forms', () => {
  it('go from the region down to the direct parent, named as in the answers of the get calls', () => {
    expect(REGION.parents).toEqual([]);
    expect(DEPARTMENT.parents.map((p) => p.field)).toEqual(['department_regionId']);
    expect(SUBPREFECTURE.parents.map((p) => p.field)).toEqual(['region_id', 'subprefecture_departmentId']);
    expect(LOCALITY.parents.map((p) => p.field)).toEqual([
      'locality_regionId',
      'department_id',
      'locality_subprefectureId',
    ]);
    expect(directParent(LOCALITY)?.label).toBe('Sous-préfecture');
  });

  it("name an edited record's choices before their options load", () => {
    const [region, department, subprefecture] = LOCALITY.parents;
    const record = {
      locality_regionId: 3,
      region_name: 'Haut-Sassandra',
      department_id: 9,
      department_name: 'Daloa',
      locality_subprefectureId: 0,
    };
    expect(region.known(record)).toEqual({ value: 3, label: 'Haut-Sassandra' });
    expect(department.known(record)).toEqual({ value: 9, label: 'Daloa' });
    expect(subprefecture.known(record)).toBeNull();
  });
});

describe('the next page of a geography list', () => {
  const full = [{ data: [{ locality_id: 9 }, { locality_id: 4 }], total: 5 }];

  it("starts after the last row's id when sorted on the level's own columns", () => {
    for (const field of ['locality_name', 'locality_id']) {
      expect(nextStartOf(LOCALITY, field)(full)).toEqual({ after: 4 });
    }
    expect(nextStartOf(REGION, 'region_code')([{ data: [{ region_id: 3 }], total: 1 }])).toEqual({ after: 3 });
  });

  it("starts past the rows loaded when sorted on a parent's name, which the server does not page by keyset", () => {
    for (const field of ['subprefecture_name', 'department_name', 'region_name']) {
      expect(nextStartOf(LOCALITY, field)(full)).toEqual({ offset: 2 });
    }
    expect(nextStartOf(DEPARTMENT, 'region_name')(full)).toEqual({ offset: 2 });
  });
});
