// The locality import's rows as read from a spreadsheet: the columns matched to the seven fields of the
// specification (point 3), the rows built with their spreadsheet line numbers, and the problems found
// before sending (the server checks again, and against what it already holds).
import {
  autoMap as mapColumns,
  fold,
  sentLine,
  sheetRows,
  type Mapping as SheetMapping,
  type Problem,
  type SheetRow as ImportSheetRow,
} from '../../shared/import/columns';
import { fr } from '../../shared/locale/fr';

export type { Problem };

export const IMPORT_FIELDS = [
  'region_code',
  'region_name',
  'department_code',
  'department_name',
  'subprefecture_code',
  'subprefecture_name',
  'locality_name',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ImportRow = Record<ImportField, string>;
/** For each field, the index of the spreadsheet column that holds it, or null. */
export type Mapping = SheetMapping<ImportField>;

/** A row read from the spreadsheet, with its line number there. */
export type SheetRow = ImportSheetRow<ImportField>;

/** The header names each field answers to, folded ("Code région", "region_code", "Sous-préfecture"). */
const ALIASES: Record<ImportField, string[]> = {
  region_code: ['regioncode', 'coderegion', 'codedelaregion'],
  region_name: ['regionname', 'nomregion', 'region', 'nomdelaregion'],
  department_code: ['departmentcode', 'codedepartement', 'codedudepartement'],
  department_name: ['departmentname', 'nomdepartement', 'departement', 'department', 'nomdudepartement'],
  subprefecture_code: ['subprefecturecode', 'codesousprefecture', 'codedelasousprefecture', 'codesp'],
  subprefecture_name: [
    'subprefecturename',
    'nomsousprefecture',
    'sousprefecture',
    'subprefecture',
    'nomdelasousprefecture',
  ],
  locality_name: ['localityname', 'nomlocalite', 'localite', 'locality', 'nomdelalocalite', 'village'],
};

export function autoMap(headers: readonly unknown[]): Mapping {
  return mapColumns(headers, IMPORT_FIELDS, ALIASES);
}

/** The rows under the header, with their line numbers; blank lines are skipped. */
export function toRows(sheet: readonly (readonly unknown[])[], mapping: Mapping): SheetRow[] {
  return sheetRows(sheet, IMPORT_FIELDS, mapping);
}

/** The server's bounds (50 characters for a code, 200 for a name). */
const MAX_LENGTH = (field: ImportField) => (field.endsWith('_code') ? 50 : 200);

/** Codes compare as the server compares them (trimmed, in capitals), names case and accents aside. */
const isCode = (field: ImportField) => field.endsWith('_code');
const keyOf = (field: ImportField, value: string) => (isCode(field) ? value.toUpperCase() : fold(value));
const shownOf = (field: ImportField, value: string) => (isCode(field) ? value.toUpperCase() : value);

const t = fr.geography.import;
const sheet = fr.sheetImport;

/**
 * What a code keeps all through the file: a department its region, a sub-prefecture its department
 * (the server refuses otherwise), and each code its name (else which name wins would be left to chance).
 */
const BINDINGS: { code: ImportField; bound: ImportField; message: (code: string, first: string) => string }[] = [
  { code: 'department_code', bound: 'region_code', message: t.departmentTwice },
  { code: 'subprefecture_code', bound: 'department_code', message: t.subprefectureTwice },
  { code: 'region_code', bound: 'region_name', message: (code, name) => t.namedTwice(t.levels.region, code, name) },
  {
    code: 'department_code',
    bound: 'department_name',
    message: (code, name) => t.namedTwice(t.levels.department, code, name),
  },
  {
    code: 'subprefecture_code',
    bound: 'subprefecture_name',
    message: (code, name) => t.namedTwice(t.levels.subprefecture, code, name),
  },
];

/** Missing and too long values, and codes bound to two parents or two names within the file. */
export function findProblems(rows: readonly SheetRow[]): Problem[] {
  const problems: Problem[] = [];
  // Per binding: code -> the first value met, as shown and as compared.
  const firsts = BINDINGS.map(() => new Map<string, { shown: string; key: string }>());
  for (const { line, row } of rows) {
    const missing = IMPORT_FIELDS.filter((f) => row[f] === '');
    if (missing.length) problems.push({ line, message: sheet.missing(missing.map((f) => t.columns[f]).join(', ')) });
    for (const field of IMPORT_FIELDS) {
      const max = MAX_LENGTH(field);
      if (row[field].length > max) problems.push({ line, message: sheet.tooLong(t.columns[field], max) });
    }
    BINDINGS.forEach(({ code: codeField, bound, message }, i) => {
      const code = row[codeField].toUpperCase();
      const value = row[bound];
      if (!code || !value) return;
      const first = firsts[i].get(code);
      if (first === undefined) firsts[i].set(code, { shown: shownOf(bound, value), key: keyOf(bound, value) });
      else if (first.key !== keyOf(bound, value)) problems.push({ line, message: message(code, first.shown) });
    });
  }
  return problems;
}

/** The body of post_locality-import: the rows in the file's order. */
export function toPayload(rows: readonly SheetRow[]): ImportRow[] {
  return rows.map((r) => r.row);
}

/**
 * The server's refusal of an import names rows in the order they were sent (`"ligne 3": "..."`, from 1,
 * also inside its messages); blank lines were not sent, so these become the spreadsheet's line numbers.
 */
export function refusalProblems(fields: Record<string, string> | undefined, rows: readonly SheetRow[]): Problem[] {
  const lineOf = (sent: string) => sentLine(rows, Number(sent));
  const problems: Problem[] = [];
  for (const [key, message] of Object.entries(fields ?? {})) {
    const line = lineOf(/^ligne (\d+)$/.exec(key)?.[1] ?? '');
    if (line === undefined) continue;
    problems.push({
      line,
      message: message.replace(/ligne (\d+)/g, (text, sent: string) => (lineOf(sent) ? `ligne ${lineOf(sent)}` : text)),
    });
  }
  return problems.sort((a, b) => a.line - b.line);
}
