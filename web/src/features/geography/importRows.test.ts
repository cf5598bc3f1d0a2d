import { describe, expect, it } from 'vitest';
import { autoMap, findProblems, toRows } from './importRows';

const header = ['Code région', 'Région', 'Code département', 'Département', 'Code sous-préfecture', 'Sous-préfecture', 'Localité'];

describe('the locality import', () => {
  it('matches French and API column names whatever their case and accents', () => {
    expect(autoMap(header)).toEqual({
      region_code: 0,
      region_name: 1,
      department_code: 2,
      department_name: 3,
      subprefecture_code: 4,
      subprefecture_name: 5,
      locality_name: 6,
    });
    expect(autoMap(['LOCALITY_NAME', 'autre']).locality_name).toBe(0);
    expect(autoMap(['autre']).region_code).toBeNull();
  });

  it('numbers rows by their spreadsheet line and skips blank ones', () => {
    const sheet = [header, ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', ' Zaïbo '], [], ['', '', '', '', '', '', '']];
    const rows = toRows(sheet, autoMap(header));
    expect(rows).toHaveLength(1);
    expect(rows[0].line).toBe(2);
    expect(rows[0].row.locality_name).toBe('Zaïbo');
  });

  it('names the line of a missing value and of a department bound to two regions', () => {
    const sheet = [
      header,
      ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Zaïbo'],
      ['POR', 'Poro', 'dal', 'Daloa', 'DAL-1', 'Gboguhé', 'Bahoué'],
      ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', ''],
    ];
    const problems = findProblems(toRows(sheet, autoMap(header)));
    expect(problems.map((p) => p.line)).toEqual([3, 4]);
    expect(problems[0].message).toContain('« DAL » est déjà rattaché à la région « HSS »');
    expect(problems[1].message).toContain('Nom de la localité');
  });
});
