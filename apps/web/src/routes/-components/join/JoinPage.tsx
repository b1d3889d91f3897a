import { Alert, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCompass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { useMe } from '../../../lib/auth.ts';
import { STORAGE, store } from '../../../lib/storage-keys.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { CommunityHeader } from '../../../components/CommunityHeader.tsx';
import classes from './JoinPage.module.css';
import { BannedNotice } from '../community/BannedNotice.tsx';
import { JoinPanel } from './JoinPanel.tsx';
import { PendingReview } from './PendingReview.tsx';
import { useJoinCommunity, type JoinCommunity } from './useJoinCommunity.ts';

const NOT_A_MEMBER = { status: 'none', role: null } as const;

/**
 * /{communityName}/join. Owners and approved members go on to the community page, a pending member
 * sees the pending screen, anyone else the community and its join button. A join started before
 * signing in resumes here by itself once signed in.
 */
export function JoinPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const me = useMe();
  const signedIn = !!me.data;
  const community = useQuery({
    ...trpc.communities.byName.queryOptions({ name }),
    retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 1,
  });
  const communityId = community.data?.id ?? '';
  const status = useQuery({ ...trpc.membership.status.queryOptions({ communityId }), enabled: signedIn && communityId !== '' });
  const join = useJoinCommunity(community.data, signedIn);

  // A failed membership check counts as not a member (spec section 4).
  const standing = signedIn ? (status.data ?? (status.isError ? NOT_A_MEMBER : undefined)) : NOT_A_MEMBER;
  const isOwner = !!community.data && (me.data?.id === community.data.ownerId || standing?.role === 'owner');
  const goesIn = isOwner || standing?.status === 'approved';
  const canonicalName = community.data?.name;

  useEffect(() => {
    if (goesIn && canonicalName) void navigate({ to: '/community/$communityName', params: { communityName: canonicalName }, replace: true });
  }, [goesIn, canonicalName, navigate]);

  // Resume a join started before signing in, once; whatever the outcome, it is no longer pending.
  const { start } = join;
  const readyToResume = signedIn && !!standing && !!canonicalName;
  useEffect(() => {
    if (!readyToResume || !canonicalName || store.get(STORAGE.pendingJoin) !== canonicalName) return;
    store.remove(STORAGE.pendingJoin);
    // A request that asks questions waits for the answers (the panel's fields).
    if (!goesIn && standing?.status === 'none' && !join.asksQuestions) start();
  }, [readyToResume, canonicalName, goesIn, standing?.status, start, join.asksQuestions]);

  if (community.isPending || me.isPending) return <FullPageLoader />;
  if (community.isError && community.error.data?.code === 'FORBIDDEN') return <BannedNotice />;
  if (community.isError) {
    const notFound = community.error.data?.code === 'NOT_FOUND';
    return <JoinProblem message={notFound ? t('join.notFound') : t('join.loadFailed')} />;
  }
  if (!standing || goesIn) return <FullPageLoader />;
  if (standing.status === 'pending') return <PendingReview name={community.data.name} />;
  if (standing.status === 'banned') return <BannedNotice />;

  return (
    <Container size="lg" py={{ base: 'md', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <CommunityHeader community={community.data} variant="join" />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <JoinPanel community={community.data} signedIn={signedIn} removed={standing.status === 'removed'} askAgainAt={standing.status === 'declined' || standing.status === 'removed' ? standing.askAgainAt : null} join={join} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <AboutSections community={community.data} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function AboutSections({ community }: { community: JoinCommunity }) {
  const { t } = useTranslation();
  const sections = [
    { key: 'about', title: t('join.about'), text: community.description, empty: t('join.noDescription') },
    { key: 'rules', title: t('join.rules'), text: community.rules, empty: null },
  ];
  return (
    <Stack gap="lg">
      {sections.map((section) =>
        section.text || section.empty ? (
          <Paper key={section.key} withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={section.title}>
            <Title order={2} fz={20} mb="sm">
              {section.title}
            </Title>
            <Text className={classes.text} c={section.text ? undefined : 'dimmed'}>
              {section.text ?? section.empty}
            </Text>
          </Paper>
        ) : null,
      )}
    </Stack>
  );
}

function JoinProblem({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Stack gap="md" align="flex-start">
        <Alert color="red" icon={<IconAlertTriangle />} role="alert" w="100%">
          {message}
        </Alert>
        <RouterButton to="/" variant="light" leftSection={<IconCompass size={18} />}>
          {t('join.backToDiscover')}
        </RouterButton>
      </Stack>
    </Container>
  );
}
