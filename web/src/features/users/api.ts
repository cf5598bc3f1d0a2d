// The users' calls (admin only), as TanStack Query hooks. Every write invalidates the users' queries.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { notifySuccess } from '../../shared/feedback/feedback';
import { optionalText, pagingQuery, type ListParams } from '../../shared/list/listParams';

export type User = Schemas['Login'];
export type NewUser = Schemas['NewUser'];
export type UserPatch = Schemas['UserPatch'];

/** The fields the gateway lets the list sort on. */
export const USER_SORTABLE = ['login_id', 'login_name', 'login_role', 'login_lastConnection'] as const;
export type UserSortField = (typeof USER_SORTABLE)[number];

export type UserListParams = ListParams<UserSortField>;

export const usersKey = ['users'] as const;

export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: [...usersKey, 'list', params],
    queryFn: () =>
      request(
        api.GET('/user/user_list', {
          params: {
            query: { ...pagingQuery(params), filter: optionalText(params.filter) },
          },
        }),
      ),
    // Keep the current rows on screen while the next page or sort loads.
    placeholderData: keepPreviousData,
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

function useUserWrite<T>(write: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
}

export function useCreateUser() {
  return useUserWrite((body: NewUser) => request(api.POST('/user/post_user', { body })));
}

export function useUpdateUser() {
  return useUserWrite((body: UserPatch) => request(api.PATCH('/user/patch_user', { body })));
}

export function useDeleteUser() {
  return useUserWrite((id: number) => request(api.DELETE('/user/delete_user/{id}', { params: { path: { id } } })));
}
