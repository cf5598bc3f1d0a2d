// Spreadsheets read and written in the browser with SheetJS: the first sheet of an .xlsx, .xls or .csv
// file as rows of cells, and the import's template.
import * as XLSX from 'xlsx';
import { IMPORT_FIELDS } from './importRows';

/**
 * A CSV file's text: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel writes for a
 * French "CSV (séparateur : point-virgule)"). SheetJS alone would read UTF-8 without a BOM as Latin-1
 * ("ZaÃ¯bo").
 */
export function csvText(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The first sheet's rows of cells, as the spreadsheet shows them (so a code "007" stays "007"). */
export function sheetRows(workbook: XLSX.WorkBook): unknown[][] {
  const first = workbook.Sheets[workbook.SheetNames[0]];
  return first ? XLSX.utils.sheet_to_json<unknown[]>(first, { header: 1, defval: '', raw: false }) : [];
}

export async function readSheet(file: File): Promise<unknown[][]> {
  const bytes = await file.arrayBuffer();
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  return sheetRows(csv ? XLSX.read(csvText(bytes), { type: 'string' }) : XLSX.read(bytes, { type: 'array' }));
}

/** The template's lines: the seven columns, then two example rows. */
export const TEMPLATE: readonly (readonly string[])[] = [
  IMPORT_FIELDS,
  ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Zaïbo'],
  ['POR', 'Poro', 'KOR', 'Korhogo', 'KOR-1', 'Napié', 'Kagbolodougou'],
];

/** The template as an .xlsx workbook. */
export function templateWorkbook(): XLSX.WorkBook {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(TEMPLATE.map((line) => [...line])), 'Localités');
  return workbook;
}

/** Downloads the template. */
export function downloadTemplate(): void {
  XLSX.writeFile(templateWorkbook(), 'modele-import-localites.xlsx');
}
