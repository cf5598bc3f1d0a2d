import { describe, expect, it } from 'vitest';
import { afterLast, keysetUnless, nearBottom, nextStart, pastLoaded, type ListPage } from './keyset';

type Row = { id: number | null };
const page = (ids: (number | null)[]): ListPage<Row> => ({
  data: ids.map((id) => ({ id })),
  total: 10,
  totalExact: true,
});
const byId = afterLast((row: Row) => row.id);

describe('keyset paging', () => {
  it('a full page is followed by the rows after its last one', () => {
    expect(nextStart([page([9, 7, 4])], 3, byId)).toEqual({ after: 4 });
    expect(nextStart([page([9, 7, 4]), page([3, 2, 1])], 3, byId)).toEqual({ after: 1 });
  });

  it('a page shorter than asked is the last one', () => {
    expect(nextStart([page([9, 7])], 3, byId)).toBeUndefined();
    expect(nextStart([page([9, 7, 4]), page([])], 3, byId)).toBeUndefined();
    expect(nextStart([page([9, 7])], 3, pastLoaded)).toBeUndefined();
    expect(nextStart([], 3, byId)).toBeUndefined();
  });

  it('a last row without an id ends the list rather than starting it again', () => {
    expect(nextStart([page([9, 7, null])], 3, byId)).toBeUndefined();
  });

  it('a sort without keyset asks for the rows past all those loaded', () => {
    expect(nextStart([page([9, 7, 4])], 3, pastLoaded)).toEqual({ offset: 3 });
    expect(nextStart([page([9, 7, 4]), page([3, 2, 1])], 3, pastLoaded)).toEqual({ offset: 6 });
    // Rows without an id do not matter to an offset.
    expect(nextStart([page([null, null, null])], 3, pastLoaded)).toEqual({ offset: 3 });
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

describe('keyset or offset by sort', () => {
  const sortedBy = (orderBy: 'id' | 'name' | 'count') => keysetUnless(orderBy, ['count'], (row: Row) => row.id);

  it('a sort the server pages by keyset asks for the rows after the last one', () => {
    expect(nextStart([page([9, 7, 4])], 3, sortedBy('id'))).toEqual({ after: 4 });
    expect(nextStart([page([9, 7, 4])], 3, sortedBy('name'))).toEqual({ after: 4 });
  });

  it('a sort it does not page by keyset asks for the rows past those loaded', () => {
    expect(nextStart([page([9, 7, 4]), page([3, 2, 1])], 3, sortedBy('count'))).toEqual({ offset: 6 });
  });
});
