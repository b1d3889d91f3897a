import { Alert, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconInbox, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { BackButton } from '../../../components/BackButton.tsx';
import { ListPanel } from './ListPanel.tsx';
import { MemberList } from './MemberList.tsx';
import { MemberRow } from './MemberRow.tsx';
import { membersQueryOptions, useInvalidateCommunity } from './queries.ts';
import type { CommunityDetails, MembersQuery } from '../../../lib/community-types.ts';
import { Loading } from '../../../components/Loading.tsx';
import { JoinAnswers } from './JoinAnswers.tsx';

interface InvitesTabProps {
  community: CommunityDetails;
  members: MembersQuery;
}

/** The join requests, for moderators, admins and the owner: Accept or Decline; a handled request leaves the list at once. */
export function InvitesTab({ community, members }: InvitesTabProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCommunity();
  const [failure, setFailure] = useState<{ action: 'approve' | 'decline'; message: string } | null>(null);
  const membersKey = membersQueryOptions(trpc, community.id).queryKey;

  /** Takes the handled request off the list (it came with the first page) before the refetch confirms it. */
  const dropRequest = (userId: string) =>
    queryClient.setQueryData(membersKey, (list) =>
      list
        ? {
            ...list,
            pages: list.pages.map((page, index) =>
              index === 0 ? { ...page, pending: page.pending.filter((p) => p.userId !== userId), pendingCount: Math.max(0, page.pendingCount - 1) } : page,
            ),
          }
        : list,
    );

  const approve = useMutation(
    trpc.membership.approve.mutationOptions({
      onMutate: () => setFailure(null),
      onSuccess: async (_result, { userId }) => {
        dropRequest(userId);
        await invalidate();
      },
      onError: (error) => setFailure({ action: 'approve', message: error.message }),
    }),
  );
  const decline = useMutation(
    trpc.membership.decline.mutationOptions({
      onMutate: () => setFailure(null),
      onSuccess: async (_result, { userId }) => {
        dropRequest(userId);
        await invalidate();
      },
      onError: (error) => setFailure({ action: 'decline', message: error.message }),
    }),
  );
  const busyWith = approve.isPending ? approve.variables.userId : decline.isPending ? decline.variables.userId : null;
  const pending = members.data?.pending ?? [];

  return (
    <Stack gap="md">
      <BackButton />
      <ListPanel heading={t('communityPage.invites.heading')}>
        {failure && (
          <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('communityPage.dismiss')} onClose={() => setFailure(null)}>
            {failure.action === 'approve' ? (
              // The server's message inside keeps its own direction.
              <Text size="sm" ta="start">
                <Trans i18nKey="communityPage.invites.approveFailed" values={{ message: serverText(failure.message) }} components={{ message: <bdi /> }} />
              </Text>
            ) : (
              <Text size="sm">{t('communityPage.invites.declineFailed', { message: serverText(failure.message) })}</Text>
            )}
          </Alert>
        )}
        {members.isPending ? (
          <Loading py="xl" label={t('communityPage.invites.loading')} size="sm" />
        ) : members.data === undefined ? (
          <Alert color="red" role="alert">
            {t('communityPage.invites.loadFailed')}
          </Alert>
        ) : pending.length === 0 ? (
          <Stack align="center" gap="xs" py="xl" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden="true">
              <IconInbox size={24} />
            </ThemeIcon>
            <Text c="dimmed">{t('communityPage.invites.empty')}</Text>
          </Stack>
        ) : (
          <MemberList label={t('communityPage.invites.list')} members={pending}>
            {(request) => {
              const name = request.fullName ?? request.username;
              const accepting = approve.isPending && busyWith === request.userId;
              const declining = decline.isPending && busyWith === request.userId;
              return (
                <Stack gap="xs">
                  <MemberRow member={request} detail={t('communityPage.invites.requested', { date: formatDate(request.joinedAt, 'day') })}>
                    <Button
                      size="compact-md"
                      leftSection={<IconCheck size={16} />}
                      aria-label={t('communityPage.invites.acceptNamed', { name })}
                      loading={accepting}
                      disabled={busyWith !== null && !accepting}
                      onClick={() => approve.mutate({ communityId: community.id, userId: request.userId })}
                    >
                      {t('communityPage.invites.accept')}
                    </Button>
                    <Button
                      size="compact-md"
                      variant="default"
                      leftSection={<IconX size={16} />}
                      aria-label={t('communityPage.invites.declineNamed', { name })}
                      loading={declining}
                      disabled={busyWith !== null && !declining}
                      onClick={() => decline.mutate({ communityId: community.id, userId: request.userId })}
                    >
                      {t('communityPage.invites.decline')}
                    </Button>
                  </MemberRow>
                  {request.answers && <JoinAnswers answers={request.answers} name={name} />}
                </Stack>
              );
            }}
          </MemberList>
        )}
      </ListPanel>
    </Stack>
  );
}
