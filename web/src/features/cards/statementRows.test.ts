import { describe, expect, it } from 'vitest';
import {
  findStatementProblems,
  mapStatement,
  parseAmount,
  statementProblems,
  statementRows,
  toStatementBody,
} from './statementRows';

const header = ['N° de transaction', 'Date', 'Montant (FCFA)', 'Téléphone'];

describe('the columns of a statement', () => {
  it('match French and API names whatever their case, accents and punctuation', () => {
    expect(mapStatement(header)).toEqual({
      transaction_number: 0,
      transaction_date: 1,
      transaction_amount: 2,
      phone_number: 3,
    });
    expect(mapStatement(['phone_number', 'Référence', 'MONTANT', 'date de paiement', 'autre'])).toEqual({
      transaction_number: 1,
      transaction_date: 3,
      transaction_amount: 2,
      phone_number: 0,
    });
    expect(mapStatement(['autre']).transaction_number).toBeNull();
  });
});

describe('the rows of a statement', () => {
  it('keep their spreadsheet line, skip blank lines, and read a workbook date as AAAA-MM-JJ', () => {
    const rows = statementRows(
      [
        header,
        [' OM-1 ', '02/11/2026', '5 000', '+225 07 07 07 07 07'],
        [],
        ['OM-2', new Date(Date.UTC(2026, 10, 3)), 7500, '0505050505'],
      ],
      mapStatement(header),
    );
    expect(rows).toEqual([
      {
        line: 2,
        row: {
          transaction_number: 'OM-1',
          transaction_date: '02/11/2026',
          transaction_amount: '5 000',
          phone_number: '+225 07 07 07 07 07',
        },
      },
      {
        line: 4,
        row: {
          transaction_number: 'OM-2',
          transaction_date: '2026-11-03',
          transaction_amount: '7500',
          phone_number: '0505050505',
        },
      },
    ]);
  });

  it('read amounts written the French way, and nothing else', () => {
    expect(parseAmount('5 000')).toBe(5000);
    expect(parseAmount('5\u202f000 FCFA')).toBe(5000);
    expect(parseAmount('5000,50')).toBe(5000.5);
    expect(parseAmount('7500')).toBe(7500);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('cinq mille')).toBeNull();
  });

  it('name missing values and unreadable amounts by their line', () => {
    const rows = statementRows(
      [header, ['OM-1', '02/11/2026', 'beaucoup', '0707070707'], ['OM-2', '', '', '0707070707']],
      mapStatement(header),
    );
    expect(findStatementProblems(rows)).toEqual([
      { line: 2, message: 'montant illisible : « beaucoup »' },
      { line: 3, message: 'valeur manquante : Date, Montant' },
    ]);
  });

  it('are sent with the operator, amounts as numbers, in the file order', () => {
    const rows = statementRows(
      [header, ['OM-1', '02/11/2026', '5 000', '0707070707'], ['OM-2', '2026-11-03', 'x', '0505050505']],
      mapStatement(header),
    );
    expect(toStatementBody('Orange Money', rows)).toEqual({
      transaction_mobileOperator: 'Orange Money',
      rows: [
        {
          transaction_number: 'OM-1',
          transaction_date: '02/11/2026',
          transaction_amount: 5000,
          phone_number: '0707070707',
        },
        {
          transaction_number: 'OM-2',
          transaction_date: '2026-11-03',
          transaction_amount: null,
          phone_number: '0505050505',
        },
      ],
    });
  });
});

describe("the server's refusal of a statement", () => {
  it('puts each fault on the line of the file, blank lines counted', () => {
    const rows = statementRows(
      [
        header,
        ['A1', '02/11/2026', '5000', '07'],
        [],
        ['A2', '02/11/2026', '-1', '07'],
        ['a 1', '02/11/2026', '5000', '07'],
      ],
      mapStatement(header),
    );
    // Sent as rows 2, 3 and 4; the file shows them on lines 2, 4 and 5.
    const message =
      'Ligne 3 : Le montant doit être supérieur à 0. Ligne 4 : le numéro de transaction « a 1 » figure deux fois dans le relevé. (et 2 autre(s) ligne(s) en erreur)';
    expect(statementProblems(message, rows)).toEqual([
      { line: 4, message: 'Le montant doit être supérieur à 0.' },
      { line: 5, message: 'le numéro de transaction « a 1 » figure deux fois dans le relevé.' },
    ]);
  });

  it('names no line for a message about the whole statement', () => {
    expect(statementProblems('Le relevé ne contient aucune ligne.', [])).toEqual([]);
  });
});
