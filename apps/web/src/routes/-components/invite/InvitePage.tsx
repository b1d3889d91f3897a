import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CommunityHeader } from '../../../components/CommunityHeader.tsx';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { rememberRedirect, useMe } from '../../../lib/auth.ts';
import { useTRPC } from '../../../lib/trpc.ts';

/**
 * An invite link's page: the community's card; a visitor signs in and comes back here with
 * `acceptOnArrival` (what 'Sign in to accept' promised: the invite is accepted at once); a signed-in
 * person accepts and lands in the community (a paid one goes on to its join page's checkout). An
 * expired, revoked or used-up link, or one for a community that banned the person, says so.
 */
export function InvitePage({ token, acceptOnArrival = false }: { token: string; acceptOnArrival?: boolean }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const invite = useQuery({ ...trpc.invitations.byToken.queryOptions({ token }), retry: false });

  const enter = (communityName: string) => navigate({ to: '/community/$communityName', params: { communityName } });
  const accept = useMutation(
    trpc.invitations.accept.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.membership.status.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.communities.mine.queryKey() });
        await enter(result.communityName);
      },
      onError: async (error) => {
        // A paid community is joined by paying: its join page offers the checkout.
        if (error.data?.code === 'PRECONDITION_FAILED' && invite.data) {
          await navigate({ to: '/$communityName/join', params: { communityName: invite.data.community.name } });
        }
      },
    }),
  );

  const acceptable = !!me.data && !!invite.data && !invite.data.problem && invite.data.standing !== 'approved' && invite.data.standing !== 'removed';
  const { mutate: acceptNow, isIdle } = accept;
  useEffect(() => {
    if (acceptOnArrival && acceptable && isIdle) acceptNow({ token });
  }, [acceptOnArrival, acceptable, isIdle, acceptNow, token]);

  if (invite.isPending || me.isPending) return <FullPageLoader />;
  if (invite.isError) {
    return (
      <Container size="sm" py={60}>
        <Alert color="orange" icon={<IconAlertCircle />} role="alert" title={t('invitations.page.invalidTitle')}>
          {serverText(invite.error.message)}
        </Alert>
      </Container>
    );
  }
  const { community, problem, standing } = invite.data;
  const signedIn = !!me.data;

  let body;
  if (standing === 'approved') {
    body = (
      <>
        <Text>{t('invitations.page.alreadyMember')}</Text>
        <RouterButton to="/community/$communityName" params={{ communityName: community.name }} size="md">
          {t('invitations.page.open')}
        </RouterButton>
      </>
    );
  } else if (standing === 'removed') {
    body = (
      <Alert color="orange" icon={<IconAlertCircle />} role="alert">
        {t('invitations.page.removed')}
      </Alert>
    );
  } else if (problem) {
    body = (
      <Alert color="orange" icon={<IconAlertCircle />} role="alert">
        {t(`invitations.page.${problem}`)}
      </Alert>
    );
  } else if (!signedIn) {
    body = (
      <>
        <Text>{t('invitations.page.signInFirst')}</Text>
        <Button
          size="md"
          onClick={() => {
            // The sign-in comes back to this invite, which then accepts itself.
            rememberRedirect(`/invite/${encodeURIComponent(token)}?accept=1`);
            void navigate({ to: '/login' });
          }}
        >
          {t('invitations.page.signIn')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <Text>{community.isPrivate ? t('invitations.page.privateHelp') : t('invitations.page.help')}</Text>
        {accept.error && accept.error.data?.code !== 'PRECONDITION_FAILED' && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {serverText(accept.error.message)}
          </Alert>
        )}
        <Button size="md" loading={accept.isPending} onClick={() => accept.mutate({ token })}>
          {t('invitations.page.accept')}
        </Button>
      </>
    );
  }

  return (
    <Container size="md" py={{ base: 'md', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <CommunityHeader community={community} />
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="invite-title">
          <Stack gap="md" align="flex-start">
            <Title order={1} fz="h3" id="invite-title">
              <IconMailOpened size={22} aria-hidden style={{ marginInlineEnd: 8, verticalAlign: -3 }} />
              {t('invitations.page.title', { community: community.name })}
            </Title>
            {body}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
