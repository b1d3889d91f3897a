import { ActionIcon, Alert, Badge, Button, CopyButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { AppRouter } from '@app/api';
import { invitePath } from '@app/shared/plain/invitations';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { Loading } from '../../../components/Loading.tsx';

/** An invite link's full address, on this site. */
export const inviteUrl = (token: string) => `${window.location.origin}${invitePath(token)}`;

type Invite = inferRouterOutputs<AppRouter>['invitations']['list'][number];

interface InviteListProps {
  communityId: string;
  invites: UseQueryResult<Invite[], { message: string }>;
  formatExpiry: (date: Date) => string;
}

/** The community's invites (links and e-mail invites), each with its uses, expiry and a 'Revoke' button. */
export function InviteList({ communityId, invites, formatExpiry }: InviteListProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.invitations.revoke.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.invitations.list.pathKey() }),
    }),
  );
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('invitations.listHeading')}
      </Title>
      {revoke.error && (
        <Alert color="red" role="alert">
          {serverText(revoke.error.message)}
        </Alert>
      )}
      {invites.isPending ? (
        <Loading py="md" size="sm" label={t('invitations.loading')} />
      ) : invites.data === undefined ? (
        <Alert color="red" role="alert">
          {serverText(invites.error.message)}
        </Alert>
      ) : invites.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('invitations.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('invitations.listHeading')}>
          {invites.data.map((invite) => {
            const name = invite.email ?? t('invitations.linkNamed', { date: formatExpiry(invite.createdAt) });
            return (
              <Paper component="li" key={invite.id} withBorder p="sm" radius="md" aria-label={name}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap="xs">
                      <Text size="sm" fw={600} truncate dir={invite.email ? 'ltr' : undefined}>
                        {name}
                      </Text>
                      {invite.problem && (
                        <Badge color="gray" variant="light" size="sm">
                          {t(`invitations.problem.${invite.problem}`)}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {invite.maxUses === null ? t('invitations.usesUnlimited', { count: invite.uses }) : t('invitations.usesOf', { count: invite.uses, max: invite.maxUses })}
                      {' · '}
                      {invite.expiresAt ? t('invitations.expires', { date: formatExpiry(invite.expiresAt) }) : t('invitations.neverExpires')}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    {!invite.email && (
                      <CopyButton value={inviteUrl(invite.token)}>
                        {({ copied, copy }) => (
                          <Tooltip label={copied ? t('invitations.copied') : t('invitations.copy')} withArrow>
                            <ActionIcon variant="subtle" onClick={copy} aria-label={t('invitations.copyNamed', { name })}>
                              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </CopyButton>
                    )}
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('invitations.revokeNamed', { name })}
                      loading={revoke.isPending && revoke.variables.inviteId === invite.id}
                      onClick={() => revoke.mutate({ communityId, inviteId: invite.id })}
                    >
                      {t('invitations.revoke')}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
