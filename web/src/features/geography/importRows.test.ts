import { describe, expect, it } from 'vitest';
import { autoMap, findProblems, refusalProblems, toPayload, toRows, type ImportRow } from './importRows';

const header = [
  'Code région',
  'Région',
  'Code département',
  'Département',
  'Code sous-préfecture',
  'Sous-préfecture',
  'Localité',
];
const line = (...cells: string[]) => cells;
const rowsOf = (...lines: string[][]) => toRows([header, ...lines], autoMap(header));

describe('the columns of a locality import', () => {
  it('match French and API names whatever their case, accents, spaces and punctuation', () => {
    expect(autoMap(header)).toEqual({
      region_code: 0,
      region_name: 1,
      department_code: 2,
      department_name: 3,
      subprefecture_code: 4,
      subprefecture_name: 5,
      locality_name: 6,
    });
    expect(
      autoMap(['locality_name', 'REGION_CODE', ' Nom de la Sous-Préfecture ', 'code du département']),
    ).toMatchObject({
      locality_name: 0,
      region_code: 1,
      subprefecture_name: 2,
      department_code: 3,
    });
  });

  it('leave a field without a column when no header answers to it', () => {
    const mapping = autoMap(['Localité', 'autre', '', null]);
    expect(mapping.locality_name).toBe(0);
    expect(mapping.region_code).toBeNull();
    expect(mapping.department_name).toBeNull();
  });
});

describe('the rows of a locality import', () => {
  it('are numbered by their spreadsheet line (the header is line 1), blank lines skipped and values trimmed', () => {
    const rows = toRows(
      [
        header,
        [],
        ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', ' Zaïbo '],
        ['', '', '', '', '', '', ''],
      ],
      autoMap(header),
    );
    expect(rows).toEqual([
      {
        line: 3,
        row: {
          region_code: 'HSS',
          region_name: 'Haut-Sassandra',
          department_code: 'DAL',
          department_name: 'Daloa',
          subprefecture_code: 'DAL-1',
          subprefecture_name: 'Gboguhé',
          locality_name: 'Zaïbo',
        },
      },
    ]);
  });

  it('read numbers as text and a field without a column as empty', () => {
    const rows = toRows(
      [
        ['Localité', 'Code région'],
        ['Gbadi', 7],
      ],
      autoMap(['Localité', 'Code région']),
    );
    expect(rows[0].row.region_code).toBe('7');
    expect(rows[0].row.department_name).toBe('');
  });

  it('are sent as the seven fields of each row, in the file order', () => {
    const rows = rowsOf(
      line('HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Zaïbo'),
      line('POR', 'Poro', 'KOR', 'Korhogo', 'KOR-1', 'Napié', 'Kagbolodougou'),
    );
    const payload: ImportRow[] = toPayload(rows);
    expect(payload.map((r) => r.locality_name)).toEqual(['Zaïbo', 'Kagbolodougou']);
    expect(Object.keys(payload[0]).sort()).toEqual([
      'department_code',
      'department_name',
      'locality_name',
      'region_code',
      'region_name',
      'subprefecture_code',
      'subprefecture_name',
    ]);
  });
});

describe('the problems of a locality import', () => {
  const good = line('HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Zaïbo');

  it('none in a consistent file, whatever the case of codes and the accents of names', () => {
    expect(
      findProblems(rowsOf(good, line('hss', 'HAUT-SASSANDRA', 'dal', 'Dàloa', 'dal-1', 'Gboguhe', 'Bahoué'))),
    ).toEqual([]);
  });

  it('a missing value, named by its column, on its line', () => {
    const problems = findProblems(rowsOf(good, [], line('HSS', 'Haut-Sassandra', '', 'Daloa', 'DAL-1', 'Gboguhé', '')));
    expect(problems).toEqual([{ line: 4, message: 'valeur manquante : Code département, Nom de la localité' }]);
  });

  it('a value longer than the server takes', () => {
    const problems = findProblems(
      rowsOf(line('HSS', 'Haut-Sassandra', 'D'.repeat(51), 'Daloa', 'DAL-1', 'Gboguhé', 'x'.repeat(201))),
    );
    expect(problems.map((p) => p.message)).toEqual([
      'Code département : 50 caractères au plus',
      'Nom de la localité : 200 caractères au plus',
    ]);
  });

  it('a department under two regions, or a sub-prefecture under two departments, where it changes', () => {
    const problems = findProblems(
      rowsOf(
        good,
        line('POR', 'Poro', 'DAL', 'Daloa', 'DAL-2', 'Bédiala', 'Bahoué'),
        line('HSS', 'Haut-Sassandra', 'ISS', 'Issia', 'DAL-1', 'Gboguhé', 'Saïoua'),
      ),
    );
    expect(problems).toEqual([
      { line: 3, message: 'le département « DAL » est déjà rattaché à la région « HSS » plus haut dans le fichier' },
      {
        line: 4,
        message: 'la sous-préfecture « DAL-1 » est déjà rattachée au département « DAL » plus haut dans le fichier',
      },
    ]);
  });

  it('a code given two names', () => {
    const problems = findProblems(
      rowsOf(good, line('HSS', 'Haut Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Zaïbo', 'Bahoué')),
    );
    expect(problems).toEqual([
      { line: 3, message: 'la sous-préfecture « DAL-1 » porte déjà le nom « Gboguhé » plus haut dans le fichier' },
    ]);
  });
});

describe("the server's refusal of an import", () => {
  it('names the spreadsheet lines of the rows it numbered as sent, in its messages too', () => {
    // Line 3 is blank, so the third row sent is line 5.
    const rows = toRows(
      [
        header,
        ['HSS', 'H', 'DAL', 'D', 'S1', 'S', 'A'],
        [],
        ['POR', 'P', 'KOR', 'K', 'S2', 'S', 'B'],
        ['GBK', 'G', 'DAL', 'D', 'S1', 'S', 'C'],
      ],
      autoMap(header),
    );
    const fields = {
      'ligne 3': 'Le département « DAL » est rattaché à la région « GBK », mais à « HSS » ligne 1.',
      'ligne 10': 'Hors du fichier.',
      rows: 'Autre',
    };
    expect(refusalProblems(fields, rows)).toEqual([
      { line: 5, message: 'Le département « DAL » est rattaché à la région « GBK », mais à « HSS » ligne 2.' },
    ]);
    expect(refusalProblems(undefined, rows)).toEqual([]);
  });
});
