import { describe, expect, it } from 'vitest';
import { nextStart, type ListPage } from '../../shared/list/keyset';
import { nextCooperativeStart, type Cooperative } from './api';

const loaded: ListPage<Cooperative>[] = [
  {
    data: [9, 7, 4].map(
      (id) => ({ cooperative_id: id, cooperative_code: `C${id}`, cooperative_name: `Coop ${id}` }) as Cooperative,
    ),
    total: 10,
  },
];

describe('the next page of the cooperatives', () => {
  it('sorted on a column, the rows after the last one loaded', () => {
    for (const orderBy of ['cooperative_name', 'cooperative_code', 'cooperative_id'] as const) {
      expect(nextStart(loaded, 3, nextCooperativeStart(orderBy))).toEqual({ after: 4 });
    }
  });

  it('sorted on the member count, which the server does not page by keyset: the rows past those loaded', () => {
    expect(nextStart(loaded, 3, nextCooperativeStart('cooperative_memberCount'))).toEqual({ offset: 3 });
  });
});
