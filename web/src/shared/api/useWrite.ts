// A write call as a mutation: the server's message as a short confirmation, then every query under
// each of `keys` reloads. A failure already showed its notice (request.ts); the caller gets the ApiError.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../feedback/feedback';

export function useWrite<T, A extends { message?: string }>(
  keys: readonly (readonly unknown[])[],
  write: (input: T) => Promise<A>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      if (answer.message) notifySuccess(answer.message);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
