// The history's calls as TanStack Query hooks: a record's versions by pages of 50, all of them (for a
// restore's preview), the check of their chain, and the restore, which reloads the record's history.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import type { HistoryEntry } from './types';

export const HISTORY_PAGE_SIZE = 50;

/** Every query about one record's history, reloaded after its restore. */
export const historyKey = (entity: string, id: number) => ['history', entity, id] as const;

function readPage(entity: string, id: number, offset: number) {
  return request(
    api.GET('/history/get.history/{entity}/{id}', {
      params: { path: { entity, id }, query: { _limit: HISTORY_PAGE_SIZE, _offset: offset } },
    }),
  );
}

/** The record's versions, newest first, 50 at a time (`fetchNextPage`: « Voir plus »). */
export function useHistory(entity: string, id: number) {
  return useInfiniteQuery({
    queryKey: [...historyKey(entity, id), 'pages'],
    queryFn: ({ pageParam }) => readPage(entity, id, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const read = pages.reduce((count, page) => count + page.data.length, 0);
      return last.data.length > 0 && read < last.total ? read : undefined;
    },
    staleTime: 0,
  });
}

/** Every version of the record, read page after page: a restore's preview folds them from the first. */
export function useWholeHistory(entity: string, id: number) {
  return useQuery({
    queryKey: [...historyKey(entity, id), 'all'],
    queryFn: async () => {
      const entries: HistoryEntry[] = [];
      for (;;) {
        const page = await readPage(entity, id, entries.length);
        entries.push(...page.data);
        if (page.data.length === 0 || entries.length >= page.total) return entries;
      }
    },
    staleTime: 0,
  });
}

/** Checks on demand that no version was altered. */
export function useVerifyHistory(entity: string, id: number) {
  return useMutation({
    mutationFn: async () =>
      (await request(api.GET('/history/get.history_verify/{entity}/{id}', { params: { path: { entity, id } } }))).data,
  });
}

/** Writes version `version` back as a new version, for `reason`; the record's history reloads. */
export function useRestoreVersion(entity: string, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, reason }: { version: number; reason: string }) =>
      request(api.POST('/history/post.history_restore', { body: { entity, id, version, reason } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKey(entity, id) }),
  });
}
