import { describe, expect, it } from 'vitest';
import { nearBottom, nextAfter, type ListPage } from './keyset';

type Row = { id: number | null };
const page = (ids: (number | null)[]): ListPage<Row> => ({
  data: ids.map((id) => ({ id })),
  total: 10,
  totalExact: true,
});
const idOf = (row: Row) => row.id;

describe('keyset paging', () => {
  it('a full page is followed by the rows after its last one', () => {
    expect(nextAfter(page([9, 7, 4]), 3, idOf)).toBe(4);
  });

  it('a page shorter than asked is the last one', () => {
    expect(nextAfter(page([9, 7]), 3, idOf)).toBeUndefined();
    expect(nextAfter(page([]), 3, idOf)).toBeUndefined();
  });

  it('a last row without an id ends the list rather than starting it again', () => {
    expect(nextAfter(page([9, 7, null]), 3, idOf)).toBeUndefined();
  });

  it('the next page is asked for within one view of the end', () => {
    const box = { scrollHeight: 10_000, clientHeight: 500 };
    expect(nearBottom({ ...box, scrollTop: 0 })).toBe(false);
    expect(nearBottom({ ...box, scrollTop: 8_999 })).toBe(false);
    expect(nearBottom({ ...box, scrollTop: 9_000 })).toBe(true);
    expect(nearBottom({ ...box, scrollTop: 9_500 })).toBe(true);
    // Fewer rows than the view holds: already at the end.
    expect(nearBottom({ scrollHeight: 300, clientHeight: 500, scrollTop: 0 })).toBe(true);
  });
});
