import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../../lib/trpc.ts';
import { useRecheckAccess } from '../community/queries.ts';

/**
 * While a page showing a community's courses is open (the courses tab, the sidebar card, a course
 * being learnt or edited): any course change refetches what it shows. A course deleted or made
 * private ('course.gone') is dropped at once, so a member's open course answers 'Course not found.'.
 */
export function useLiveCourses(communityId: string | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const recheckAccess = useRecheckAccess();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
  useSubscription(
    trpc.courses.onChange.subscriptionOptions(
      { communityId: communityId ?? '' },
      {
        enabled: Boolean(communityId),
        // Anything that changed while not listening is fetched again on (re)connecting.
        onStarted: () => void refresh(),
        onData: () => void refresh(),
        onError: recheckAccess,
      },
    ),
  );
}
