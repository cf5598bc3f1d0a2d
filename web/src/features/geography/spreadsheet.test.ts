import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { autoMap, findProblems, IMPORT_FIELDS, toRows } from './importRows';
import { csvText, sheetRows, templateWorkbook } from './spreadsheet';

describe('spreadsheets of the locality import', () => {
  it('a CSV file is read as UTF-8, or as Windows-1252 when it is not valid UTF-8', () => {
    expect(csvText(new TextEncoder().encode('Localité;Zaïbo'))).toBe('Localité;Zaïbo');
    expect(csvText(Uint8Array.from([0x4c, 0x6f, 0x63, 0x61, 0x6c, 0x69, 0x74, 0xe9]))).toBe('Localité');
    const sheet = sheetRows(
      XLSX.read(csvText(new TextEncoder().encode('Code région;Localité\nHSS;Zaïbo\n')), { type: 'string' }),
    );
    expect(sheet).toEqual([
      ['Code région', 'Localité'],
      ['HSS', 'Zaïbo'],
    ]);
  });

  it('the template, once written and read back, maps every column and has two rows without problems', () => {
    const bytes = XLSX.write(templateWorkbook(), { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const sheet = sheetRows(XLSX.read(bytes, { type: 'array' }));
    expect(sheet[0]).toEqual([...IMPORT_FIELDS]);
    const mapping = autoMap(sheet[0]);
    expect(Object.values(mapping)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const rows = toRows(sheet, mapping);
    expect(rows.map((r) => r.line)).toEqual([2, 3]);
    expect(findProblems(rows)).toEqual([]);
  });
});
