// The tools screen's calls: login parameters read and saved, and the password-hash tool.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { fetchLoginParam, LOGIN_PARAMS_KEY } from '../../shared/api/loginParam';
import { request } from '../../shared/api/request';
import { notifySuccess } from '../../shared/feedback/feedback';
import type { LoginParam } from './loginParams';

/** A parameter as the server keeps it; `null` when it is not set (its default applies). */
export function useLoginParam(name: string) {
  return useQuery({
    queryKey: [...LOGIN_PARAMS_KEY, name, 'raw'],
    queryFn: () => fetchLoginParam(name),
    staleTime: 0,
  });
}

/** Saves a parameter; every screen that reads parameters reads them again. */
export function useSaveLoginParam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginParam) => request(api.POST('/loginparam/post_loginParam', { body })),
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: LOGIN_PARAMS_KEY });
    },
  });
}

/** The argon2id hash of a text (auth/generate). */
export function useHashPassword() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await request(api.GET('/auth/generate/{password}', { params: { path: { password } } }))).data,
  });
}
