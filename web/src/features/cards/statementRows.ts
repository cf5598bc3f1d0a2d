// An operator's statement as read from a spreadsheet: its columns matched to the four fields of a
// statement row, the rows with their spreadsheet line numbers, what is found wrong before sending, the
// body of post.statement_import, and the server's refusal ("Ligne N : …", N counted over the rows sent,
// the header being row 1) turned back into the file's lines (blank lines are not sent).
import { autoMap, sentLine, sheetRows, type Mapping, type Problem, type SheetRow } from '../../shared/import/columns';
import { toText } from '../../shared/format/text';
import { fr } from '../../shared/locale/fr';
import type { Statement } from './statementApi';

export const STATEMENT_FIELDS = [
  'transaction_number',
  'transaction_date',
  'transaction_amount',
  'phone_number',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];
export type StatementMapping = Mapping<StatementField>;
export type StatementRow = SheetRow<StatementField>;

/** The header names each field answers to, folded ("N° de transaction", "Téléphone", "Montant (FCFA)"). */
const ALIASES: Record<StatementField, readonly string[]> = {
  transaction_number: [
    'transactionnumber',
    'ndetransaction',
    'ntransaction',
    'numerodetransaction',
    'numerotransaction',
    'transactionid',
    'idtransaction',
    'transaction',
    'reference',
    'ref',
  ],
  transaction_date: ['transactiondate', 'date', 'datedetransaction', 'datetransaction', 'datedepaiement', 'dateheure'],
  transaction_amount: ['transactionamount', 'montant', 'montantfcfa', 'montantxof', 'amount', 'somme'],
  phone_number: [
    'phonenumber',
    'telephone',
    'tel',
    'ndetelephone',
    'numerodetelephone',
    'telephonedupayeur',
    'payeur',
    'expediteur',
    'msisdn',
    'mobile',
    'phone',
  ],
};

export const mapStatement = (headers: readonly unknown[]): StatementMapping =>
  autoMap(headers, STATEMENT_FIELDS, ALIASES);

/** A cell's text; a workbook's date cell (a Date at midnight UTC) as AAAA-MM-JJ. */
function cellText(cell: unknown): string {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return toText(cell).trim();
}

export const statementRows = (sheet: readonly (readonly unknown[])[], mapping: StatementMapping): StatementRow[] =>
  sheetRows(sheet, STATEMENT_FIELDS, mapping, cellText);

/** "5 000", "5000 FCFA", "5000,00" -> 5000; anything else (or nothing) -> null. */
export function parseAmount(text: string): number | null {
  const cleaned = text
    .replace(/[\s\u00a0\u202f]/gu, '')
    .replace(/(FCFA|XOF|CFA|F)$/iu, '')
    .replace(',', '.');
  return /^-?\d+(\.\d+)?$/u.test(cleaned) ? Number(cleaned) : null;
}

const t = fr.transactions.statement;

/** Missing values and unreadable amounts (the server checks the rest: dates, numbers twice, bounds). */
export function findStatementProblems(rows: readonly StatementRow[]): Problem[] {
  const problems: Problem[] = [];
  for (const { line, row } of rows) {
    const missing = STATEMENT_FIELDS.filter((f) => row[f] === '');
    if (missing.length)
      problems.push({ line, message: fr.sheetImport.missing(missing.map((f) => t.columns[f]).join(', ')) });
    if (row.transaction_amount !== '' && parseAmount(row.transaction_amount) === null)
      problems.push({ line, message: `${t.badAmount} : « ${row.transaction_amount} »` });
  }
  return problems;
}

/** The body of post.statement_import: the operator and the rows in the file's order. */
export function toStatementBody(operator: string, rows: readonly StatementRow[]): Statement {
  return {
    transaction_mobileOperator: operator,
    rows: rows.map(({ row }) => ({
      transaction_number: row.transaction_number,
      transaction_date: row.transaction_date,
      transaction_amount: parseAmount(row.transaction_amount),
      phone_number: row.phone_number,
    })),
  };
}

/** What the server adds after the faults it lists ("(et 3 autre(s) ligne(s) en erreur)"). */
const MORE = /\s*\(et \d+ autre\(s\) ligne\(s\) en erreur\)\s*$/u;

/** The faults of a refused statement, each on the file's line of the row it names. */
export function statementProblems(message: string, rows: readonly StatementRow[]): Problem[] {
  const marks = [...message.matchAll(/Ligne (\d+) : /gu)];
  return marks.flatMap((mark, i) => {
    const start = mark.index + mark[0].length;
    const end = i + 1 < marks.length ? marks[i + 1].index : message.length;
    // The server's row N is the (N - 1)th row sent.
    const line = sentLine(rows, Number(mark[1]) - 1);
    const fault = message.slice(start, end).replace(MORE, '').trim();
    return line === undefined ? [] : [{ line, message: fault }];
  });
}
