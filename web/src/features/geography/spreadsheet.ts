// Spreadsheets read and written in the browser with SheetJS: the first sheet of an .xlsx, .xls or .csv
// file as rows of cells, and the import's template.
import * as XLSX from 'xlsx';
import { IMPORT_FIELDS } from './importRows';

export async function readSheet(file: File): Promise<unknown[][]> {
  const workbook = XLSX.read(await file.arrayBuffer(), { type: 'array' });
  const first = workbook.Sheets[workbook.SheetNames[0]];
  return first ? XLSX.utils.sheet_to_json<unknown[]>(first, { header: 1, defval: '', raw: false }) : [];
}

/** Downloads a template: the seven columns and two example rows. */
export function downloadTemplate(): void {
  const rows = [
    [...IMPORT_FIELDS],
    ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Zaïbo'],
    ['POR', 'Poro', 'KOR', 'Korhogo', 'KOR-1', 'Napié', 'Kagbolodougou'],
  ];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Localités');
  XLSX.writeFile(workbook, 'modele-import-localites.xlsx');
}
