// The locality import's template (write-excel-file): the seven columns and two example rows, as an .xlsx
// workbook to download. Reading a picked file is shared (shared/import/spreadsheet).
import writeExcelFile from 'write-excel-file/browser';
import { IMPORT_FIELDS } from './importRows';

/** The template's lines: the seven columns, then two example rows. */
export const TEMPLATE: readonly (readonly string[])[] = [
  IMPORT_FIELDS,
  ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Zaïbo'],
  ['POR', 'Poro', 'KOR', 'Korhogo', 'KOR-1', 'Napié', 'Kagbolodougou'],
];

/** The template, written as an .xlsx workbook with one sheet, "Localités". */
function template() {
  return writeExcelFile(
    TEMPLATE.map((line) => [...line]),
    { sheet: 'Localités' },
  );
}

/** The template as an .xlsx workbook. */
export function templateWorkbook(): Promise<Blob> {
  return template().toBlob();
}

/** Downloads the template. */
export function downloadTemplate(): Promise<void> {
  return template().toFile('modele-import-localites.xlsx');
}
