import { describe, expect, it } from 'vitest';
import { formatCount, formatTotal, roughly } from './count';

// French groups thousands with a narrow no-break space.
const spaces = (text: string) => text.replace(/\s/gu, ' ');

describe('counts and totals', () => {
  it('writes a count the French way', () => {
    expect(spaces(formatCount(180000))).toBe('180 000');
    expect(formatCount(7)).toBe('7');
  });

  it('rounds an estimate to two significant digits', () => {
    expect(roughly(183427)).toBe(180000);
    expect(roughly(1_049_999)).toBe(1_000_000);
    expect(roughly(12_650)).toBe(13_000);
    expect(roughly(12)).toBe(12);
    expect(roughly(0)).toBe(0);
  });

  it('an exact total as it is, an estimated one as approximate', () => {
    expect(spaces(formatTotal(183427, true))).toBe('183 427');
    expect(spaces(formatTotal(183427, false))).toBe('environ 180 000');
    expect(spaces(formatTotal(10_500))).toBe('10 500');
  });
});
