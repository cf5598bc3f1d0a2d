import { readSheet } from 'read-excel-file/browser';
import { describe, expect, it } from 'vitest';
import {
  DAY_FORMAT,
  fileName,
  MONTH_FORMAT,
  rowDate,
  tableCsv,
  tableLines,
  tableSheet,
  tableWorkbook,
} from './exportTable';

const table = {
  name: 'members_by_region',
  title: 'Membres par région',
  labelTitle: 'Région',
  valueTitle: 'Membres',
  note: '',
  rows: [
    { key: '3', label: 'Haut-Sassandra', value: 120 },
    { key: '4', label: 'Région "du; nord"', value: 7 },
  ],
};

const byMonth = {
  name: 'enrolments_by_month',
  title: 'Inscriptions par mois',
  labelTitle: 'Mois',
  valueTitle: 'Inscriptions',
  note: '',
  rows: [
    { key: '2026-01', label: 'janvier 2026', value: 12 },
    { key: '2026-11', label: 'novembre 2026', value: 3 },
  ],
};

describe('a table exported', () => {
  it('has its heading, then a label and its count a line', () => {
    expect(tableLines(table)).toEqual([
      ['Région', 'Membres'],
      ['Haut-Sassandra', 120],
      ['Région "du; nord"', 7],
    ]);
  });

  it('is CSV as a French spreadsheet reads it: semicolons, quoted cells, a byte-order mark', () => {
    expect(tableCsv(table)).toBe('\uFEFFRégion;Membres\r\nHaut-Sassandra;120\r\n"Région ""du; nord""";7\r\n');
  });

  it("is named after the table's French title and the day", () => {
    const day = new Date('2026-11-25T10:00:00Z');
    expect(fileName(table, day)).toBe('statistiques-membres-par-region-2026-11-25');
    expect(fileName({ ...table, title: "Membres par tranche d'âge" }, day)).toBe(
      'statistiques-membres-par-tranche-d-age-2026-11-25',
    );
    // A title of no letter at all: the table's key rather than nothing.
    expect(fileName({ ...table, title: '—' }, day)).toBe('statistiques-members-by-region-2026-11-25');
  });
});

describe('the dates of a workbook', () => {
  it('are read from the keys of days and months, not from other keys', () => {
    expect(rowDate('2026-11')).toEqual({ date: new Date(Date.UTC(2026, 10, 1)), format: MONTH_FORMAT });
    expect(rowDate('2026-02-28')).toEqual({ date: new Date(Date.UTC(2026, 1, 28)), format: DAY_FORMAT });
    expect(rowDate('2026-13')).toBeNull();
    expect(rowDate('2026-02-30')).toBeNull();
    expect(rowDate('10000_24999')).toBeNull();
    expect(rowDate('17')).toBeNull();
  });

  it('are date cells with a date format, not texts', () => {
    const [heading, january] = tableSheet(byMonth);
    expect(heading).toEqual([
      { value: 'Mois', fontWeight: 'bold' },
      { value: 'Inscriptions', fontWeight: 'bold' },
    ]);
    expect(january).toEqual([
      { value: new Date(Date.UTC(2026, 0, 1)), type: Date, format: 'mmmm yyyy' },
      { value: 12, type: Number },
    ]);
    const [, region] = tableSheet(table);
    expect(region).toEqual([
      { value: 'Haut-Sassandra', type: String },
      { value: 120, type: Number },
    ]);
  });

  it('read back from the .xlsx file as dates, the counts as numbers', async () => {
    const rows = await readSheet(await tableWorkbook(byMonth));
    expect(rows).toEqual([
      ['Mois', 'Inscriptions'],
      [new Date(Date.UTC(2026, 0, 1)), 12],
      [new Date(Date.UTC(2026, 10, 1)), 3],
    ]);
    const days = await readSheet(
      await tableWorkbook({ ...byMonth, rows: [{ key: '2026-06-30', label: '30/06/2026', value: 1 }] }),
    );
    expect(days[1]).toEqual([new Date(Date.UTC(2026, 5, 30)), 1]);
    expect(await readSheet(await tableWorkbook(table))).toEqual([
      ['Région', 'Membres'],
      ['Haut-Sassandra', 120],
      ['Région "du; nord"', 7],
    ]);
  });
});
