import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { request } from '../../shared/api/request';

/** `central` or `field`. */
export function useRunningEnv() {
  return useQuery({
    queryKey: ['env', 'runningEnv'],
    queryFn: async () => (await request(api.GET('/env/get_env'))).data.runningEnv,
    staleTime: Infinity,
  });
}

/** The server's own version and build. */
export function useServerAbout() {
  return useQuery({
    queryKey: ['env', 'about'],
    queryFn: async () => (await request(api.GET('/env/get_about'))).data,
    staleTime: Infinity,
  });
}
