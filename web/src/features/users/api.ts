// The users' calls (admin only), as TanStack Query hooks. Every write invalidates the users' queries.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableRef } from 'antd';
import type { RefObject } from 'react';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { notifySuccess } from '../../shared/feedback/feedback';
import { afterLast } from '../../shared/list/keyset';
import { keysetQuery, optionalText, type ListParams } from '../../shared/list/listParams';
import { useKeysetList } from '../../shared/list/useKeysetList';

export type User = Schemas['Login'];
export type NewUser = Schemas['NewUser'];
export type UserPatch = Schemas['UserPatch'];

/** The fields the gateway lets the list sort on. */
export const USER_SORTABLE = ['login_id', 'login_name', 'login_role', 'login_lastConnection'] as const;
export type UserSortField = (typeof USER_SORTABLE)[number];

export type UserListParams = ListParams<UserSortField>;

export const usersKey = ['users'] as const;

/** The users, read by keyset pages of `params.pageSize` rows as the user scrolls `table`. */
export function useUserList(params: UserListParams, table: RefObject<TableRef | null>) {
  return useKeysetList({
    queryKey: [...usersKey, 'list', params],
    fetchPage: (start) =>
      request(
        api.GET('/user/user_list', {
          params: {
            query: { ...keysetQuery(params, start), filter: optionalText(params.filter) },
          },
        }),
      ),
    pageSize: params.pageSize,
    next: afterLast((row: User) => row.login_id),
    table,
  });
}

/** One user, read afresh for its edit form; `null`: nothing to read. */
export function useUser(id: number | null) {
  return useQuery({
    queryKey: [...usersKey, 'one', id],
    queryFn: async () => (await request(api.GET('/user/get_user/{id}', { params: { path: { id: id! } } }))).data,
    enabled: id !== null,
    // Always the current record in the form, not a cached one.
    staleTime: 0,
    gcTime: 0,
  });
}

function useUserWrite<T, A extends { message: string }>(write: (input: T) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

/** Creates a user; for a `sync` login the answer carries its sync token, shown this once. */
export function useCreateUser() {
  return useUserWrite((body: NewUser) => request(api.POST('/user/post_user', { body })));
}

/** A new sync token for a sync login (answered once); the old one stops at once. */
export function useRenewSyncToken() {
  return useUserWrite((id: number) =>
    request(api.POST('/user/post_user-sync_token/{id}', { params: { path: { id } } })),
  );
}

export function useRevokeSyncToken() {
  return useUserWrite((id: number) =>
    request(api.DELETE('/user/delete_user-sync_token/{id}', { params: { path: { id } } })),
  );
}

export function useUpdateUser() {
  return useUserWrite((body: UserPatch) => request(api.PATCH('/user/patch_user', { body })));
}

export function useDeleteUser() {
  return useUserWrite((id: number) => request(api.DELETE('/user/delete_user/{id}', { params: { path: { id } } })));
}
