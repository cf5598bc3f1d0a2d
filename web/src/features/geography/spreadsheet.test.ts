import { describe, expect, it } from 'vitest';
import { xlsxRows } from '../../shared/import/spreadsheet';
import { autoMap, findProblems, IMPORT_FIELDS, toRows } from './importRows';
import { templateWorkbook } from './spreadsheet';

describe('the template of the locality import', () => {
  it('the template, once written and read back, maps every column and has two rows without problems', async () => {
    const bytes = await (await templateWorkbook()).arrayBuffer();
    const sheet = await xlsxRows(bytes);
    expect(sheet[0]).toEqual([...IMPORT_FIELDS]);
    const mapping = autoMap(sheet[0]);
    expect(Object.values(mapping)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const rows = toRows(sheet, mapping);
    expect(rows.map((r) => r.line)).toEqual([2, 3]);
    expect(findProblems(rows)).toEqual([]);
  });
});
