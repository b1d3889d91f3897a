import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from './trpc.ts';

/**
 * A live subscription's onError: when it was refused because the viewer's membership or session
 * ended, the page checks both again (and so leaves the member view).
 */
export function useRecheckAccess() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (error: { data?: { code?: string } | null }) => {
    if (error.data?.code !== 'FORBIDDEN' && error.data?.code !== 'UNAUTHORIZED') return;
    void queryClient.invalidateQueries({ queryKey: trpc.membership.status.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.profiles.me.queryKey() });
  };
}
