import { ActionIcon, Alert, Button, CopyButton, Divider, Group, Modal, NumberInput, Select, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { INVITE_EXPIRIES, INVITE_LIMITS, splitEmails, type InviteExpiry } from '@app/shared/plain/invitations';
import { IconCheck, IconCopy, IconLink, IconMail } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { useRefreshOnLive } from '../../../lib/useRefreshOnLive.ts';
import { InviteList, inviteUrl } from './InviteList.tsx';

interface InviteDialogProps {
  communityId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The owner's and admins' invitations: make a link (when it expires, how many may use it), copy it,
 * see every link's uses (live) and revoke one; invite people by e-mail address.
 */
export function InviteDialog({ communityId, opened, onClose }: InviteDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('invitations.title')} size="lg" closeButtonProps={{ 'aria-label': t('invitations.close') }}>
      {opened && <InvitePanel communityId={communityId} />}
    </Modal>
  );
}

function InvitePanel({ communityId }: { communityId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invites = useQuery(trpc.invitations.list.queryOptions({ communityId }));
  const live = useRefreshOnLive(trpc.invitations.list.pathKey());
  useSubscription(trpc.invitations.onChange.subscriptionOptions({ communityId, ...live.from }, live.handlers));
  const [expiresIn, setExpiresIn] = useState<InviteExpiry>('7d');
  const [maxUses, setMaxUses] = useState<number | ''>('');
  const [created, setCreated] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.invitations.list.pathKey() });

  const create = useMutation(
    trpc.invitations.create.mutationOptions({
      onSuccess: async (invite) => {
        setCreated(invite.token);
        await refresh();
      },
    }),
  );
  const [emails, setEmails] = useState('');
  const send = useMutation(
    trpc.invitations.email.mutationOptions({
      onSuccess: async () => {
        setEmails('');
        await refresh();
      },
    }),
  );
  const addresses = splitEmails(emails);

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('invitations.linkHeading')}
        </Title>
        <Group align="end" gap="sm" wrap="wrap">
          <Select
            label={t('invitations.expiresIn')}
            data={INVITE_EXPIRIES.map((value) => ({ value, label: t(`invitations.expiry.${value}`) }))}
            value={expiresIn}
            onChange={(value) => value && setExpiresIn(value as InviteExpiry)}
            allowDeselect={false}
            w={170}
          />
          <NumberInput
            label={t('invitations.maxUses')}
            placeholder={t('invitations.unlimited')}
            min={1}
            max={INVITE_LIMITS.maxUsesMax}
            allowDecimal={false}
            allowNegative={false}
            value={maxUses}
            onChange={(value) => setMaxUses(typeof value === 'number' ? value : '')}
            w={170}
          />
          <Button leftSection={<IconLink size={16} />} loading={create.isPending} onClick={() => create.mutate({ communityId, expiresIn, maxUses: maxUses === '' ? null : maxUses })}>
            {t('invitations.create')}
          </Button>
        </Group>
        {create.error && (
          <Alert color="red" role="alert">
            {serverText(create.error.message)}
          </Alert>
        )}
        {created && (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }} dir="ltr" data-testid="new-invite-link">
              {inviteUrl(created)}
            </Text>
            <CopyButton value={inviteUrl(created)}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('invitations.copied') : t('invitations.copy')} withArrow>
                  <ActionIcon variant="light" onClick={copy} aria-label={t('invitations.copyNew')}>
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        )}
      </Stack>

      <Divider />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('invitations.emailHeading')}
        </Title>
        <Textarea
          label={t('invitations.emails')}
          description={t('invitations.emailsHint', { max: INVITE_LIMITS.emailsMax })}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={INVITE_LIMITS.emailsMax * 256}
          value={emails}
          onChange={(event) => setEmails(event.currentTarget.value)}
        />
        <Group>
          <Button
            leftSection={<IconMail size={16} />}
            variant="light"
            loading={send.isPending}
            disabled={addresses.length === 0}
            onClick={() => send.mutate({ communityId, emails: addresses })}
          >
            {t('invitations.send')}
          </Button>
        </Group>
        {send.error && (
          <Alert color="red" role="alert">
            {serverText(send.error.message)}
          </Alert>
        )}
        {send.data && (
          <Alert color={send.data.sent.length > 0 ? 'teal' : 'yellow'} role="status">
            <Stack gap={2}>
              {send.data.sent.length > 0 && <Text size="sm">{t('invitations.sent', { count: send.data.sent.length })}</Text>}
              {send.data.skipped.map((s) => (
                <Text size="sm" key={s.email}>
                  {t(`invitations.skipped.${s.reason}`, { email: s.email })}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
      </Stack>

      <Divider />
      <InviteList communityId={communityId} invites={invites} formatExpiry={(d) => formatDate(d, 'day')} />
    </Stack>
  );
}
