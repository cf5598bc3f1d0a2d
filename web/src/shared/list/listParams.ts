// A server-side list's state (page, page size, sort, search and the list's own filters) and its
// translation to the shared paging inputs (_limit, _offset or after, _orderBy, _descending). Pure, so
// tested alone.
import type { SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import type { PageStart } from './keyset';

export interface ListParams<S extends string> {
  page: number;
  pageSize: number;
  orderBy: S;
  descending: boolean;
  /** The free-text search. */
  filter: string;
}

/** The paging inputs every list call takes (docs/api.md, "Lists: paging, sorting, filters"). */
export function pagingQuery<S extends string>(params: ListParams<S>) {
  return {
    _limit: params.pageSize,
    _offset: (params.page - 1) * params.pageSize,
    _orderBy: params.orderBy,
    _descending: params.descending,
  };
}

/**
 * The paging inputs of a list read by keyset pages (keyset.ts): the page size, the sort, and where the page
 * starts: the id of the last row received, or the count of rows received (neither for the first page).
 * `page` plays no part.
 */
export function keysetQuery<S extends string>(params: ListParams<S>, start: PageStart | null) {
  return {
    _limit: params.pageSize,
    _orderBy: params.orderBy,
    _descending: params.descending,
    after: start && 'after' in start ? start.after : undefined,
    _offset: start && 'offset' in start ? start.offset : undefined,
  };
}

/** A filter value as a query input: empty text is no filter at all. */
export function optionalText(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  return text === '' ? undefined : text;
}

/**
 * The state after the user changed page, page size or sort in the table. A sort on a field the server
 * does not allow, or a cleared sort, goes back to the list's default sort; a new page size starts again
 * at page 1.
 */
export function afterTableChange<S extends string, P extends ListParams<S>>(
  current: P,
  pagination: TablePaginationConfig,
  sorter: SorterResult<unknown> | SorterResult<unknown>[],
  sortable: readonly S[],
  defaults: { orderBy: S; descending: boolean },
): P {
  const sort = Array.isArray(sorter) ? sorter[0] : sorter;
  const field =
    sort?.order && typeof sort.field === 'string' && (sortable as readonly string[]).includes(sort.field)
      ? (sort.field as S)
      : null;
  const pageSize = pagination.pageSize ?? current.pageSize;
  return {
    ...current,
    page: pageSize !== current.pageSize ? 1 : (pagination.current ?? 1),
    pageSize,
    orderBy: field ?? defaults.orderBy,
    descending: field ? sort?.order === 'descend' : defaults.descending,
  };
}

/** What the column of `field` shows as its sort arrow. */
export function sortOrderOf<S extends string>(params: ListParams<S>, field: S): 'ascend' | 'descend' | null {
  if (params.orderBy !== field) return null;
  return params.descending ? 'descend' : 'ascend';
}
