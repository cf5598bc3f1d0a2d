import { describe, expect, it } from 'vitest';
import { afterTableChange, keysetQuery, optionalText, pagingQuery, sortOrderOf, type ListParams } from './listParams';

type Field = 'code' | 'name';
const start: ListParams<Field> & { crop: string } = {
  page: 3,
  pageSize: 50,
  orderBy: 'name',
  descending: false,
  filter: 'cacao',
  crop: 'Café',
};
const defaults = { orderBy: 'name' as const, descending: false };

describe('list paging and sorting', () => {
  it('turns a page into _limit, _offset, _orderBy and _descending', () => {
    expect(pagingQuery(start)).toEqual({ _limit: 50, _offset: 100, _orderBy: 'name', _descending: false });
    expect(pagingQuery({ ...start, page: 1, pageSize: 2000 })._offset).toBe(0);
  });

  it('a keyset page asks for the rows after the last one received, or past the rows received', () => {
    expect(keysetQuery(start, null)).toEqual({
      _limit: 50,
      _orderBy: 'name',
      _descending: false,
      after: undefined,
      _offset: undefined,
    });
    expect(keysetQuery(start, { after: 42 })).toMatchObject({ after: 42, _offset: undefined });
    expect(keysetQuery(start, { offset: 4000 })).toMatchObject({ after: undefined, _offset: 4000 });
  });

  it('an empty filter is no filter', () => {
    expect(optionalText('  ')).toBeUndefined();
    expect(optionalText(undefined)).toBeUndefined();
    expect(optionalText(' Kouassi ')).toBe('Kouassi');
  });

  it('a sort on an allowed field is kept, with its direction; the filters stay', () => {
    const next = afterTableChange(
      start,
      { current: 3, pageSize: 50 },
      { field: 'code', order: 'descend' },
      ['code', 'name'],
      defaults,
    );
    expect(next).toEqual({ ...start, orderBy: 'code', descending: true });
  });

  it('a cleared sort or a field the server does not sort on goes back to the default', () => {
    expect(
      afterTableChange(start, { current: 2, pageSize: 50 }, { field: 'code', order: undefined }, ['code'], defaults),
    ).toMatchObject({
      page: 2,
      orderBy: 'name',
      descending: false,
    });
    expect(
      afterTableChange(start, { current: 2 }, { field: 'area', order: 'ascend' }, ['code'], defaults).orderBy,
    ).toBe('name');
  });

  it('a new page size starts again at page 1', () => {
    expect(afterTableChange(start, { current: 3, pageSize: 100 }, [], ['code'], defaults)).toMatchObject({
      page: 1,
      pageSize: 100,
    });
  });

  it('the sort arrow of a column', () => {
    expect(sortOrderOf(start, 'name')).toBe('ascend');
    expect(sortOrderOf({ ...start, descending: true }, 'name')).toBe('descend');
    expect(sortOrderOf(start, 'code')).toBeNull();
  });
});
