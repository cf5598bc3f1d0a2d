import { describe, expect, it } from 'vitest';
import { DEPARTMENT, LOCALITY, REGION, toBody } from './levels';

describe('the body of a geography save', () => {
  it('creates without an id, with the code in capitals and the name trimmed', () => {
    expect(toBody(REGION, null, { region_code: ' hss ', region_name: ' Haut-Sassandra ' })).toEqual({
      region_code: 'HSS',
      region_name: 'Haut-Sassandra',
    });
  });

  it('updates with the id and carries the parent', () => {
    expect(toBody(DEPARTMENT, 7, { department_code: 'dal', department_name: 'Daloa', department_regionId: 3, region_name: 'x' })).toEqual({
      department_id: 7,
      department_code: 'DAL',
      department_name: 'Daloa',
      department_regionId: 3,
    });
  });

  it('sends a locality without a code, and no parent as null', () => {
    expect(toBody(LOCALITY, null, { locality_name: 'Gbadi' })).toEqual({ locality_name: 'Gbadi', locality_subprefectureId: null });
  });
});
