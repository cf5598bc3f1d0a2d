// A dashboard's table exported as the user sees it: its labels' column and the counts, as a CSV file
// (semicolons and a byte-order mark, as a French spreadsheet opens it) or an .xlsx workbook.
import writeExcelFile from 'write-excel-file/browser';
import { saveFile } from '../../shared/api/download';
import type { StatisticsTable } from './api';

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

/** `statistiques-membres_by_region-2026-11-25` (today's date). */
export function fileName(table: StatisticsTable, today = new Date()): string {
  return `statistiques-${table.name}-${today.toISOString().slice(0, 10)}`;
}

export function downloadCsv(table: StatisticsTable): void {
  saveFile(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }), `${fileName(table)}.csv`);
}

export async function downloadXlsx(table: StatisticsTable): Promise<void> {
  // An Excel sheet's name is at most 31 characters.
  await writeExcelFile(tableLines(table), { sheet: table.title.slice(0, 31) }).toFile(`${fileName(table)}.xlsx`);
}
