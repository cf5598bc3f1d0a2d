// A dashboard's table exported as the user sees it: its labels' column and the counts, as a CSV file
// (semicolons and a byte-order mark, as a French spreadsheet opens it) or an .xlsx workbook, whose months
// and days are date cells (a spreadsheet sorts and filters them as dates), each named after the table's
// French title and the day.
import writeExcelFile, { type Cell, type SheetData } from 'write-excel-file/browser';
import { saveFile } from '../../shared/api/download';
import { slug } from '../../shared/format/text';
import type { StatisticsRow, StatisticsTable } from './api';

/** How a date cell shows a day, and a month (« novembre 2026 » in a French spreadsheet, as on screen). */
export const DAY_FORMAT = 'dd/mm/yyyy';
export const MONTH_FORMAT = 'mmmm yyyy';

/** A CSV cell: quoted when it holds a separator, a quote or a line break. */
function cell(value: string | number): string {
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The table's lines: the heading, then a label and its count a line. */
export function tableLines(table: StatisticsTable): (string | number)[][] {
  return [[table.labelTitle, table.valueTitle], ...table.rows.map((row) => [row.label, row.value])];
}

/** The table as CSV text (with its byte-order mark). */
export function tableCsv(table: StatisticsTable): string {
  return (
    '\uFEFF' +
    tableLines(table)
      .map((line) => line.map(cell).join(';'))
      .join('\r\n') +
    '\r\n'
  );
}

/** The day or the month a row's key stands for (`2026-11-25`, `2026-11`: the tables by month), else null. */
export function rowDate(key: string): { date: Date; format: string } | null {
  const found = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(key);
  if (!found) return null;
  const [year, month, day] = [Number(found[1]), Number(found[2]), Number(found[3] ?? 1)];
  // At midnight UTC: the workbook keeps the day itself, whatever the browser's time zone.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { date, format: found[3] ? DAY_FORMAT : MONTH_FORMAT };
}

/** A row's label cell in the workbook: a date cell for a day or a month, its text otherwise. */
function labelCell(row: StatisticsRow): Cell {
  const dated = rowDate(row.key);
  return dated ? { value: dated.date, type: Date, format: dated.format } : { value: row.label, type: String };
}

/** The workbook's sheet: the heading, then a label (or its date) and its count a line. */
export function tableSheet(table: StatisticsTable): SheetData {
  return [
    [
      { value: table.labelTitle, fontWeight: 'bold' },
      { value: table.valueTitle, fontWeight: 'bold' },
    ],
    ...table.rows.map((row): Cell[] => [labelCell(row), { value: row.value, type: Number }]),
  ];
}

/** `statistiques-membres-par-region-2026-11-25` (the table's title, then today's date). */
export function fileName(table: StatisticsTable, today = new Date()): string {
  return `statistiques-${slug(table.title) || slug(table.name)}-${today.toISOString().slice(0, 10)}`;
}

export function downloadCsv(table: StatisticsTable): void {
  saveFile(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }), `${fileName(table)}.csv`);
}

/** The table as an .xlsx workbook (one sheet, named after the table). */
export function tableWorkbook(table: StatisticsTable): Promise<Blob> {
  // An Excel sheet's name is at most 31 characters.
  return writeExcelFile(tableSheet(table), { sheet: table.title.slice(0, 31) }).toBlob();
}

export async function downloadXlsx(table: StatisticsTable): Promise<void> {
  saveFile(await tableWorkbook(table), `${fileName(table)}.xlsx`);
}
