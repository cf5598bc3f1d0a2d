// A list read by pages into a virtual table: the first page, then the next one each time the user scrolls
// near the end of the rows loaded, until a page comes back short. Each page starts after the last row
// loaded (keyset), or past the rows loaded where the sort does not allow that (keyset.ts). A new sort or
// filter is a new query key: the list starts again from its first page, at the top.
import { hashKey, keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { TableRef } from 'antd';
import { useEffect, useMemo, type RefObject, type UIEvent } from 'react';
import { nearBottom, nextStart, type ListPage, type NextStart, type PageStart } from './keyset';

interface Options<R> {
  /** Holds the sort and the filters: a new key starts the list again. */
  queryKey: QueryKey;
  /** The `pageSize` rows from `start`; the first ones when `start` is null. */
  fetchPage: (start: PageStart | null) => Promise<ListPage<R>>;
  pageSize: number;
  /** How the page after those loaded is asked for: `afterLast(idOf)`, or `pastLoaded` for an offset. */
  next: NextStart<R>;
  /** The table, scrolled back to its top when the list starts again. */
  table: RefObject<TableRef | null>;
  /** False: nothing is read (the screen shows other rows meanwhile, a search's). True unless given. */
  enabled?: boolean;
}

export function useKeysetList<R>({ queryKey, fetchPage, pageSize, next, table, enabled = true }: Options<R>) {
  const query = useInfiniteQuery({
    queryKey,
    enabled,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as PageStart | null,
    getNextPageParam: (_last, pages) => nextStart(pages, pageSize, next),
    // The rows of the previous sort or filter stay on screen until the new first page comes.
    placeholderData: keepPreviousData,
  });
  const { data, hasNextPage, isFetching, isFetchingNextPage, fetchNextPage } = query;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);

  const key = hashKey(queryKey);
  useEffect(() => {
    table.current?.scrollTo({ top: 0 });
  }, [key, table]);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    // One call at a time: a page asked for during a reload of the list would cancel that reload.
    if (hasNextPage && !isFetching && nearBottom(event.currentTarget)) void fetchNextPage();
  };

  const first = data?.pages[0];
  return {
    rows,
    total: first?.total ?? 0,
    totalExact: first?.totalExact ?? true,
    onScroll,
    /** The list loads from its first page (a new sort or filter, a reload after a change). */
    loading: isFetching && !isFetchingNextPage,
    /** The next page loads, below the rows already shown. */
    loadingMore: isFetchingNextPage,
  };
}
