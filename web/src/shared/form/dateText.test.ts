import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { birthRange, dateProblem, dateText, dateValue, parseDate } from './dateText';

const today = dayjs('2026-11-25');
const day = (typed: string) => {
  const parsed = parseDate(typed, birthRange(today));
  return parsed.kind === 'day' ? parsed.day.format('YYYY-MM-DD') : parsed;
};

describe('parseDate', () => {
  it('reads every accepted way of typing a date', () => {
    expect(day('07/03/1990')).toBe('1990-03-07');
    expect(day('07-03-1990')).toBe('1990-03-07');
    expect(day('07.03.1990')).toBe('1990-03-07');
    expect(day('07031990')).toBe('1990-03-07');
    expect(day('1990-03-07')).toBe('1990-03-07');
    expect(day(' 7/3/1990 ')).toBe('1990-03-07');
  });

  it('gives nothing for an empty text', () => {
    expect(parseDate('  ')).toEqual({ kind: 'empty' });
  });

  it('refuses a day that does not exist', () => {
    expect(parseDate('31/02/1990')).toEqual({ kind: 'wrong', message: "Date invalide : 31/02/1990 n'existe pas." });
    expect(parseDate('29/02/2023').kind).toBe('wrong');
    expect(parseDate('29/02/2024').kind).toBe('day');
    expect(parseDate('12/13/1990').kind).toBe('wrong');
  });

  it('refuses a text that is not a date', () => {
    expect(parseDate('hier')).toEqual({ kind: 'wrong', message: 'Date invalide : « hier ». Saisissez-la jj/mm/aaaa.' });
  });

  it('refuses a birth date in the future or before 1900', () => {
    expect(day('26/11/2026')).toEqual({
      kind: 'wrong',
      message: 'La date de naissance ne peut pas être dans le futur.',
    });
    expect(day('25/11/2026')).toBe('2026-11-25');
    expect(day('31/12/1899')).toEqual({ kind: 'wrong', message: 'La date de naissance ne peut pas être avant 1900.' });
    expect(day('01/01/1900')).toBe('1900-01-01');
  });
});

describe('date values', () => {
  it('keeps the text of a wrong date, with its message', () => {
    const value = dateValue('31/02/1990');
    expect(value?.isValid()).toBe(false);
    expect(dateText(value)).toBe('31/02/1990');
    expect(dateProblem(value)).toBe("Date invalide : 31/02/1990 n'existe pas.");
  });

  it('shows a date as jj/mm/aaaa', () => {
    const value = dateValue('1990-03-07');
    expect(dateText(value)).toBe('07/03/1990');
    expect(dateProblem(value)).toBeNull();
    expect(dateValue('')).toBeNull();
    expect(dateText(null)).toBe('');
  });
});
