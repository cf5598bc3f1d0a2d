// The state of a list whose paging, sorting and search the server does, shared by the list screens:
// what the antd Table needs (onChange, sort arrows, pagination) and how a search or filter restarts at page 1.
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_PAGE_SIZES } from '../constants';
import { afterTableChange, sortOrderOf, type ListParams } from './listParams';

/**
 * `R` is the row type, `S` the sortable fields, `P` the list's state with its own filters. `urlKey`: the
 * address's query parameter that keeps the search (ListToolbar's), read as the list starts.
 */
export function useServerList<R, S extends string, P extends ListParams<S>>(
  initial: P,
  sortableFields: readonly S[],
  urlKey?: string,
) {
  const [searchParams] = useSearchParams();
  const [params, setParams] = useState<P>(() =>
    urlKey ? { ...initial, filter: searchParams.get(urlKey) ?? initial.filter } : initial,
  );
  const defaults = { orderBy: initial.orderBy, descending: initial.descending };

  const onChange: NonNullable<TableProps<R>['onChange']> = (pagination, _filters, sorter) =>
    setParams((current) =>
      afterTableChange(
        current,
        pagination,
        sorter as SorterResult<unknown> | SorterResult<unknown>[],
        sortableFields,
        defaults,
      ),
    );

  /** A new search text or filter value: back to the first page. */
  const setFilters = useCallback((patch: Partial<Omit<P, keyof ListParams<S>> & { filter: string }>) => {
    setParams((current) => ({ ...current, ...patch, page: 1 }));
  }, []);

  /** What a sortable column needs: its field, a server-side sorter and its current arrow. */
  const sortable = (field: S) => ({ dataIndex: field, sorter: true, sortOrder: sortOrderOf(params, field) });

  const pagination = (
    total: number,
    showTotal: () => string,
    pageSizes: number[] = LIST_PAGE_SIZES,
  ): TablePaginationConfig => ({
    current: params.page,
    pageSize: params.pageSize,
    total,
    pageSizeOptions: pageSizes,
    showSizeChanger: true,
    showTotal,
  });

  return { params, onChange, setFilters, sortable, pagination };
}
