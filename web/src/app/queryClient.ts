import { QueryClient } from '@tanstack/react-query';

// A failed call already shows its notice (shared/api/request.ts): retrying would show it again.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
