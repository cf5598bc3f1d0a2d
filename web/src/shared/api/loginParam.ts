// Reading one login parameter: `null` when it is not set (404, its default applies, no notice); any other
// failure goes through the shared handling (its notice). Every screen's parameter queries sit under one key,
// so that saving a parameter refreshes them all.
import { api, type Schemas } from './client';
import { request } from './request';

export const LOGIN_PARAMS_KEY = ['loginParams'] as const;

export async function fetchLoginParam(name: string): Promise<Schemas['LoginParam'] | null> {
  const call = api.GET('/loginparam/get_loginParam/{loginParam_name}', {
    params: { path: { loginParam_name: name } },
  });
  const answer = await call.catch(() => null);
  if (answer?.response.status === 404) return null;
  return (await request(call)).data;
}
