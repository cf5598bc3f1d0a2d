// The columns of a spreadsheet read for an import: each field of the import matched to the column whose
// header answers to one of its names, and the rows under the header as records of those fields, each with
// its spreadsheet line number (the header is line 1). The screens give their fields and header names.
import { toText } from '../format/text';

/** For each field, the index of the spreadsheet column that holds it, or null. */
export type Mapping<F extends string> = Record<F, number | null>;

/** A row read from the spreadsheet, with its line number there. */
export interface SheetRow<F extends string> {
  line: number;
  row: Record<F, string>;
}

export interface Problem {
  /** The spreadsheet's line number (the header is line 1). */
  line: number;
  message: string;
}

/** Lower case, without accents, spaces or punctuation: "Code région" and "code_region" meet. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Each field's column: the first header that, folded, is one of the field's folded names. */
export function autoMap<F extends string>(
  headers: readonly unknown[],
  fields: readonly F[],
  aliases: Record<F, readonly string[]>,
): Mapping<F> {
  const folded = headers.map((h) => fold(toText(h)));
  const mapping = {} as Mapping<F>;
  for (const field of fields) {
    const index = folded.findIndex((h) => aliases[field].includes(h));
    mapping[field] = index >= 0 ? index : null;
  }
  return mapping;
}

/** A cell's text, trimmed: a number as its digits, nothing as ''. */
const cellText = (cell: unknown) => toText(cell).trim();

/**
 * The rows under the header, with their line numbers; blank lines are skipped. `text` reads a cell (a
 * date cell of a workbook, say); by default its text, trimmed.
 */
export function sheetRows<F extends string>(
  sheet: readonly (readonly unknown[])[],
  fields: readonly F[],
  mapping: Mapping<F>,
  text: (cell: unknown, field: F) => string = cellText,
): SheetRow<F>[] {
  const rows: SheetRow<F>[] = [];
  sheet.slice(1).forEach((cells, i) => {
    const row = {} as Record<F, string>;
    for (const field of fields) {
      const index = mapping[field];
      row[field] = index === null ? '' : text(cells[index], field);
    }
    if (fields.some((f) => row[f] !== '')) rows.push({ line: i + 2, row });
  });
  return rows;
}

/** The spreadsheet line of the row sent at `position` (from 1): blank lines were not sent. */
export function sentLine(rows: readonly { line: number }[], position: number): number | undefined {
  return rows[position - 1]?.line;
}
