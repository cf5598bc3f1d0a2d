// The locality import's rows as read from a spreadsheet: the columns matched to the seven fields of the
// specification (point 3), the rows built with their spreadsheet line numbers, and the problems found
// before sending (the server checks again, and against what it already holds).
import { fr } from '../../shared/locale/fr';

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
export type Mapping = Record<ImportField, number | null>;

export interface Problem {
  /** The spreadsheet's line number (the header is line 1). */
  line: number;
  message: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The header names each field answers to, folded ("Code région", "region_code", "Sous-préfecture"). */
const ALIASES: Record<ImportField, string[]> = {
  region_code: ['regioncode', 'coderegion'],
  region_name: ['regionname', 'nomregion', 'region', 'nomdelaregion'],
  department_code: ['departmentcode', 'codedepartement'],
  department_name: ['departmentname', 'nomdepartement', 'departement', 'nomdudepartement'],
  subprefecture_code: ['subprefecturecode', 'codesousprefecture'],
  subprefecture_name: ['subprefecturename', 'nomsousprefecture', 'sousprefecture', 'nomdelasousprefecture'],
  locality_name: ['localityname', 'nomlocalite', 'localite', 'nomdelalocalite', 'village'],
};

export function autoMap(headers: readonly unknown[]): Mapping {
  const folded = headers.map((h) => fold(String(h ?? '')));
  const mapping = {} as Mapping;
  for (const field of IMPORT_FIELDS) {
    const index = folded.findIndex((h) => ALIASES[field].includes(h));
    mapping[field] = index >= 0 ? index : null;
  }
  return mapping;
}

/** The rows under the header, with their line numbers; blank lines are skipped. */
export function toRows(sheet: readonly (readonly unknown[])[], mapping: Mapping): { line: number; row: ImportRow }[] {
  const rows: { line: number; row: ImportRow }[] = [];
  sheet.slice(1).forEach((cells, i) => {
    const row = {} as ImportRow;
    for (const field of IMPORT_FIELDS) {
      const index = mapping[field];
      row[field] = index === null ? '' : String(cells[index] ?? '').trim();
    }
    if (IMPORT_FIELDS.some((f) => row[f] !== '')) rows.push({ line: i + 2, row });
  });
  return rows;
}

/** Missing values, and codes bound to two different parents within the file. */
export function findProblems(rows: readonly { line: number; row: ImportRow }[]): Problem[] {
  const t = fr.geography.import;
  const problems: Problem[] = [];
  const parentOf = { department: new Map<string, string>(), subprefecture: new Map<string, string>() };
  for (const { line, row } of rows) {
    const missing = IMPORT_FIELDS.filter((f) => row[f] === '');
    if (missing.length) problems.push({ line, message: t.missing(missing.map((f) => t.columns[f]).join(', ')) });
    const checks: [Map<string, string>, string, string, (code: string, parent: string) => string][] = [
      [parentOf.department, row.department_code.toUpperCase(), row.region_code.toUpperCase(), t.departmentTwice],
      [parentOf.subprefecture, row.subprefecture_code.toUpperCase(), row.department_code.toUpperCase(), t.subprefectureTwice],
    ];
    for (const [seen, code, parent, message] of checks) {
      if (!code || !parent) continue;
      const first = seen.get(code);
      if (first === undefined) seen.set(code, parent);
      else if (first !== parent) problems.push({ line, message: message(code, first) });
    }
  }
  return problems;
}
