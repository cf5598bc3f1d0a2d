import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Transaction } from './api';
import { amountDigits, amountText, formatAmount } from './format';
import { DEFAULT_OPERATORS, operatorOptions, parseOperators } from './operators';
import { toTransactionBody, toTransactionValues } from './payload';
import { checkAmount, checkDate, checkMember, checkNumber, checkOperator } from './transactionRules';

// French groups thousands with a (narrow) no-break space.
const spaces = (text: string) => text.replace(/\s/gu, ' ');

describe('payment amounts and dates in French', () => {
  it('an amount in whole francs CFA', () => {
    expect(spaces(formatAmount(5000))).toBe('5 000 FCFA');
    expect(spaces(formatAmount(1_250_000))).toBe('1 250 000 FCFA');
    expect(spaces(formatAmount(500))).toBe('500 FCFA');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(Number.NaN)).toBe('');
  });

  it('the amount field groups the digits it is typed with, and reads them back', () => {
    expect(spaces(amountText(5000))).toBe('5 000');
    expect(spaces(amountText('12500'))).toBe('12 500');
    expect(amountText('')).toBe('');
    expect(amountText(undefined)).toBe('');
    expect(amountDigits('5 000')).toBe('5000');
    expect(amountDigits('1\u202f250\u202f000')).toBe('1250000');
    expect(amountDigits('007')).toBe('7');
    expect(amountDigits('0')).toBe('0');
    expect(amountDigits('abc')).toBe('');
  });
});

describe('payment checks', () => {
  const today = dayjs('2026-11-23');

  it('a date that is given, not in the future, not before 2000', () => {
    expect(checkDate(null, today)).toBe('Choisissez la date du paiement');
    expect(checkDate(dayjs('2026-11-24'), today)).toBe('La date ne peut pas être dans le futur');
    expect(checkDate(dayjs('1999-12-31'), today)).toBe('La date est antérieure à 2000 : vérifiez-la');
    expect(checkDate(dayjs('2026-11-23'), today)).toBeNull();
    expect(checkDate(dayjs('2000-01-01'), today)).toBeNull();
  });

  it('a whole amount above 0, at most 100 000 000', () => {
    for (const bad of [0, -5, 12.5, null, undefined, Number.NaN, 100_000_001, '5000'])
      expect(checkAmount(bad)).not.toBeNull();
    expect(checkAmount(1)).toBeNull();
    expect(checkAmount(5000)).toBeNull();
    expect(checkAmount(100_000_000)).toBeNull();
  });

  it('an operator, a number and a member', () => {
    expect(checkOperator(null)).toBe("Choisissez l'opérateur de mobile money");
    expect(checkOperator('Wave')).toBeNull();
    expect(checkNumber('  ')).toBe('Saisissez le numéro de transaction');
    expect(checkNumber('OM 2611 01')).toBeNull();
    expect(checkMember(null)).toBe("Choisissez l'adhérent qui a payé");
    expect(checkMember(12)).toBeNull();
  });
});

describe('operators', () => {
  it('read from the setting as the server reads it, or the defaults', () => {
    expect(parseOperators(' Orange Money, Wave ;Moov Money\n')).toEqual(['Orange Money', 'Wave', 'Moov Money']);
    expect(parseOperators(null)).toEqual(['Orange Money', 'MTN MoMo', 'Moov Money', 'Wave']);
    expect(parseOperators(' , ')).toEqual([...DEFAULT_OPERATORS]);
  });

  it('a payment keeps its operator among the choices when the setting no longer lists it', () => {
    expect(operatorOptions(['Wave'], 'Free Money').map((option) => option.value)).toEqual(['Wave', 'Free Money']);
    expect(operatorOptions(['Wave'], 'wave').map((option) => option.value)).toEqual(['Wave']);
    expect(operatorOptions(['Wave'])).toEqual([{ value: 'Wave', label: 'Wave' }]);
  });
});

describe('payment payload', () => {
  it('a new payment: no id, the date as AAAA-MM-JJ, trimmed texts, "carte" by default', () => {
    expect(
      toTransactionBody(null, {
        transaction_date: dayjs('2026-11-20'),
        transaction_amount: 5000,
        transaction_mobileOperator: 'Orange Money',
        transaction_number: ' OM 2611 01 ',
        transaction_memberId: 7,
        transaction_type: ' ',
      }),
    ).toEqual({
      transaction_id: null,
      transaction_date: '2026-11-20',
      transaction_amount: 5000,
      transaction_mobileOperator: 'Orange Money',
      transaction_number: 'OM 2611 01',
      transaction_memberId: 7,
      transaction_type: 'carte',
    });
  });

  it('what is missing is sent empty, for the server to name', () => {
    expect(toTransactionBody(null, {})).toEqual({
      transaction_id: null,
      transaction_date: '',
      transaction_amount: null,
      transaction_mobileOperator: '',
      transaction_number: '',
      transaction_memberId: null,
      transaction_type: 'carte',
    });
  });

  it('a new payment starts today, for the member it is opened from', () => {
    const values = toTransactionValues(undefined, 7, dayjs('2026-11-23T15:30:00'));
    expect(values.transaction_date?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 00:00');
    expect(values).toMatchObject({ transaction_memberId: 7, transaction_type: 'carte', transaction_number: '' });
    expect(toTransactionValues(undefined).transaction_memberId).toBeNull();
  });

  it('an edit keeps its id and reads back into the same values', () => {
    const answered: Transaction = {
      transaction_id: 31,
      transaction_date: '2026-11-20',
      transaction_amount: 7500,
      transaction_mobileOperator: 'Wave',
      transaction_number: 'W-2611-02',
      transaction_memberId: 7,
      transaction_type: 'carte',
      transaction_isUsedForCard: false,
      transaction_createdAt: '2026-11-20T10:00:00Z',
      transaction_createdByUser: 'admin',
      transaction_cancelledAt: '',
      transaction_cancelledByUser: '',
      transaction_cancelReason: '',
    };
    const values = toTransactionValues(answered);
    expect(values.transaction_date?.format('DD/MM/YYYY')).toBe('20/11/2026');
    const body = toTransactionBody(31, values);
    expect(body).toEqual({
      transaction_id: 31,
      transaction_date: '2026-11-20',
      transaction_amount: 7500,
      transaction_mobileOperator: 'Wave',
      transaction_number: 'W-2611-02',
      transaction_memberId: 7,
      transaction_type: 'carte',
    });
  });
});
