// A level's list as a TanStack Query hook, read by pages as the user scrolls; its writes reload every
// `['geography']` query (useWrite), this list among them.
import type { TableRef } from 'antd';
import type { RefObject } from 'react';
import { useKeysetList } from '../../shared/list/useKeysetList';
import { nextStartOf, type GeographyListParams, type Level } from './levels';

/** The rows of `level`, read by pages of `params.pageSize` rows as the user scrolls `table`. */
export function useLevelList(level: Level, params: GeographyListParams, table: RefObject<TableRef | null>) {
  return useKeysetList({
    queryKey: ['geography', level.key, 'list', params],
    fetchPage: (start) => level.list(params, start),
    pageSize: params.pageSize,
    next: nextStartOf(level, params.orderBy),
    table,
  });
}
