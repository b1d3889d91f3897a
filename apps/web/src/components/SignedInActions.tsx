import { LazyTooltip } from './LazyTooltip.tsx';
import { IconMessageStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { useMe } from '../lib/auth.ts';
import { useTRPC } from '../lib/trpc.ts';
import { useLevelUps } from '../lib/useLevelUps.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { useLiveBlocks } from './blocks/useBlocks.ts';
import { MessagesMenu } from './MessagesMenu.tsx';
import { NotificationsBell } from './NotificationsBell.tsx';
import { RouterActionIcon } from './RouterLinks.tsx';

/**
 * The top bar's end for a signed-in person. Loaded on its own (TopBar imports it lazily): its menus
 * and popovers (floating-ui) and live subscriptions are not needed by a visitor's first page.
 */
export default function SignedInActions({ me }: { me: NonNullable<ReturnType<typeof useMe>['data']> }) {
  return (
    <>
      <FeedbacksLink />
      <LevelUps />
      <LiveBlocks />
      <NotificationsBell />
      <MessagesMenu viewerId={me.id} />
      <AccountMenu profile={me} />
    </>
  );
}

/** The Feedbacks icon, for owners of at least one community only, once that is known (spec: Top bar). */
function FeedbacksLink() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const mine = useQuery(trpc.communities.mine.queryOptions());
  if (!mine.data || mine.data.owned.length === 0) return null;
  return (
    <LazyTooltip label={t('mine.feedbacks')} withArrow>
      <RouterActionIcon to="/feedbacks" variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('mine.feedbacks')}>
        <IconMessageStar size={22} stroke={1.7} />
      </RouterActionIcon>
    </LazyTooltip>
  );
}

/** Congratulates the signed-in person on each level they reach, wherever they are in the app. */
function LevelUps() {
  useLevelUps();
  return null;
}

/** Keeps the viewer's blocks current on every open page (a block made elsewhere collapses posts here). */
function LiveBlocks() {
  useLiveBlocks();
  return null;
}
