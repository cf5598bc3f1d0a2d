import { describe, expect, it } from 'vitest';
import { fileName, tableCsv, tableLines } from './exportTable';

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

  it('is named after the table and the day', () => {
    expect(fileName(table, new Date('2026-11-25T10:00:00Z'))).toBe('statistiques-members_by_region-2026-11-25');
  });
});
