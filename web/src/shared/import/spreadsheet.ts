// Spreadsheets read in the browser for an import: the first sheet of an .xlsx file (read-excel-file) or a
// .csv file (Papa Parse) as rows of cells. The old binary .xls format is not read: such a file is refused
// with its own message.
import Papa from 'papaparse';
import { InvalidInputError, readSheet as readXlsxSheet } from 'read-excel-file/browser';

/** A workbook in the old binary .xls format, which is not read: it is to be saved as .xlsx or .csv. */
export class LegacyXlsError extends Error {
  constructor() {
    super('legacy .xls workbook');
    this.name = 'LegacyXlsError';
  }
}

/**
 * A CSV file's text: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel writes for a
 * French "CSV (séparateur : point-virgule)").
 */
export function csvText(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The separator of a CSV text: the one of ";", "," and tab found most often on its first line outside
 * quotes (";" as a French Excel writes it), else ",".
 */
export function csvSeparator(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/**
 * A CSV text's rows of cells, as written (so a code "007" stays "007"). Blank lines inside are kept, so
 * that each row keeps its line number; those at the end are dropped.
 */
export function csvRows(text: string): string[][] {
  const rows = Papa.parse<string[]>(text, { delimiter: csvSeparator(text), skipEmptyLines: false }).data;
  while (rows.length > 0 && rows[rows.length - 1].every((cell) => cell === '')) rows.pop();
  return rows;
}

/**
 * The first sheet of an .xlsx workbook as rows of cells: texts as written (so a code "007" stays "007"),
 * numbers as their text, empty cells as null. Blank rows inside are kept, so that each row keeps its line
 * number. An .xls workbook gives a LegacyXlsError.
 */
export async function xlsxRows(workbook: Blob | ArrayBuffer): Promise<unknown[][]> {
  try {
    return await readXlsxSheet(workbook, { parseNumber: (number) => number, trim: false });
  } catch (error) {
    if (error instanceof InvalidInputError && error.code === 'XLS_FILE_NOT_SUPPORTED') throw new LegacyXlsError();
    throw error;
  }
}

/** The rows of a picked file: a .csv file's, else the first sheet of an .xlsx workbook. */
export async function readSheet(file: File): Promise<unknown[][]> {
  if (/\.csv$/i.test(file.name) || file.type === 'text/csv') return csvRows(csvText(await file.arrayBuffer()));
  try {
    return await xlsxRows(file);
  } catch (error) {
    // A file named .xls that is not an .xlsx workbook in disguise gets the .xls message too.
    if (/\.xls$/i.test(file.name)) throw new LegacyXlsError();
    throw error;
  }
}
