import { describe, expect, it } from 'vitest';
import { tableWidth } from './tableSize';

describe('virtual table size', () => {
  it('the width of a table is the sum of its columns', () => {
    expect(tableWidth([{ width: 140 }, { width: 260 }, { width: 240 }])).toBe(640);
    expect(tableWidth([])).toBe(0);
  });
});
