import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../lib/auth.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { PostsTab } from '../community/PostsTab.tsx';
import { LoginPrompt } from './LoginPrompt.tsx';
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
  if (me.isPending || (me.data && standing.isPending)) body = <Loading />;
  else if (!me.data) body = <LoginPrompt message={t('forum.login')} />;
  else if (!standing.data?.partner || !standing.data.forumId) body = <JoinCard title={t('forum.partnersOnly')} body={t('forum.partnersOnlyBody')} action={t('partners.overview.become')} />;
  else body = <ForumFeed forumId={standing.data.forumId} viewerId={me.data.id} />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('forum.title')}
        </Title>
        <Text c="dimmed">{t('forum.subtitle')}</Text>
      </div>
      {body}
    </Stack>
  );
}

/** A partner who left the forum is offered to rejoin; members get the feed. */
function ForumFeed({ forumId, viewerId }: { forumId: string; viewerId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const status = useQuery(trpc.membership.status.queryOptions({ communityId: forumId }));
  if (status.isPending) return <Loading />;
  if (status.data?.status !== 'approved') return <JoinCard title={t('forum.rejoin')} body={t('forum.rejoinBody')} action={t('forum.rejoinButton')} />;
  return <PostsTab communityId={forumId} viewerId={viewerId} isOwner={false} />;
}

function JoinCard({ title, body, action }: { title: string; body: string; action: string }) {
  const join = useJoinProgramme();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden="true">
          <IconMessages size={28} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Text c="dimmed" maw={440}>
          {body}
        </Text>
        <Button size="md" radius="xl" loading={join.isPending} onClick={() => join.mutate()}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Center mih={240} role="status" aria-label={t('forum.loading')}>
      <Loader />
    </Center>
  );
}
