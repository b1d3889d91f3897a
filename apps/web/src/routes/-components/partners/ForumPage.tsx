import { Button, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/auth.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { PostsTab } from '../../../components/feed/PostsTab.tsx';
import { LoginPrompt } from './LoginPrompt.tsx';
import { PageLoading, PageHeading, PromptCard } from './PartnerParts.tsx';
import { useJoinProgramme, usePartnerStanding } from './usePartner.ts';

/**
 * /forum: the partners' discussion board. It is the feed of the platform's forum community, so the
 * composer, posts, comments, likes and live updates are the community feed's own components.
 */
export function ForumPage() {
  const { t } = useTranslation();
  const me = useMe();
  const standing = usePartnerStanding();
  let body: ReactNode;
  if (me.isPending || (me.data && standing.isPending)) body = <PageLoading label={t('forum.loading')} />;
  else if (!me.data) body = <LoginPrompt message={t('forum.login')} />;
  else if (!standing.data?.partner || !standing.data.forumId) body = <JoinCard title={t('forum.partnersOnly')} body={t('forum.partnersOnlyBody')} action={t('partners.overview.become')} />;
  else body = <ForumFeed forumId={standing.data.forumId} viewerId={me.data.id} />;
  return (
    <Stack gap="lg">
      <PageHeading title={t('forum.title')} subtitle={t('forum.subtitle')} />
      {body}
    </Stack>
  );
}

/** A partner who left the forum is offered to rejoin; members get the feed. */
function ForumFeed({ forumId, viewerId }: { forumId: string; viewerId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const status = useQuery(trpc.membership.status.queryOptions({ communityId: forumId }));
  if (status.isPending) return <PageLoading label={t('forum.loading')} />;
  if (status.data?.status !== 'approved') return <JoinCard title={t('forum.rejoin')} body={t('forum.rejoinBody')} action={t('forum.rejoinButton')} />;
  return <PostsTab communityId={forumId} viewerId={viewerId} moderates={false} />;
}

function JoinCard({ title, body, action }: { title: string; body: string; action: string }) {
  const join = useJoinProgramme();
  return (
    <PromptCard
      icon={<IconMessages size={28} />}
      color="teal"
      title={title}
      body={body}
      action={
        <Button size="md" radius="xl" loading={join.isPending} onClick={() => join.mutate()}>
          {action}
        </Button>
      }
    />
  );
}
