import { describe, expect, it } from 'vitest';
import { nextStart, type ListPage } from '../../shared/list/keyset';
import { nextParcelStart, type Parcel } from './api';

const loaded: ListPage<Parcel>[] = [
  { data: [9, 7, 4].map((id) => ({ parcel_id: id, parcel_code: `P${id}` }) as Parcel), total: 10, totalExact: false },
];

describe('the next page of the parcels', () => {
  it("sorted on the parcel's own columns, the rows after the last one loaded", () => {
    for (const orderBy of ['parcel_code', 'parcel_id', 'parcel_area', 'parcel_crop'] as const) {
      expect(nextStart(loaded, 3, nextParcelStart(orderBy))).toEqual({ after: 4 });
    }
  });

  it("sorted on the member's name, which the server does not page by keyset: the rows past those loaded", () => {
    expect(nextStart(loaded, 3, nextParcelStart('member_name'))).toEqual({ offset: 3 });
  });
});
