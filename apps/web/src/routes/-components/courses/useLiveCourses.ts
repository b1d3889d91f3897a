import { useSubscription } from '@trpc/tanstack-react-query';
import { useRefreshOnLive } from '../../../lib/useRefreshOnLive.ts';
import { useTRPC } from '../../../lib/trpc.ts';

/**
 * While a page showing a community's courses is open (the courses tab, the sidebar card, a course
 * being learnt): any course change refetches what it shows. A course deleted or made private
 * ('course.gone') is dropped at once, so a member's open course answers 'Course not found.'.
 */
export function useLiveCourses(communityId: string | undefined) {
  const trpc = useTRPC();
  const live = useRefreshOnLive(trpc.courses.pathKey());
  useSubscription(trpc.courses.onChange.subscriptionOptions({ communityId: communityId ?? '', ...live.from }, { enabled: Boolean(communityId), ...live.handlers }));
}
