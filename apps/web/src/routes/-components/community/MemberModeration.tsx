import { Menu, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconGavel, IconUserMinus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { BAN_LIMITS } from '@app/shared/plain/bans';
import { JOIN_RETRY_DAYS } from '@app/shared/plain/communities';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { serverText } from '../../../i18n/server-text.ts';
import { formatCount } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import type { CommunityMember } from '../../../lib/community-types.ts';
import { useInvalidateCommunity } from './queries.ts';
import { RowMenu } from './RowMenu.tsx';

interface MemberModerationProps {
  community: { id: string; name: string };
  member: CommunityMember;
}

/**
 * 'Moderate ▾' on the row of a member the viewer outranks: 'Remove' (they may ask again after
 * JOIN_RETRY_DAYS) and 'Ban' (kept out until unbanned, with an optional reason), each confirmed.
 */
export function MemberModeration({ community, member }: MemberModerationProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const invalidate = useInvalidateCommunity();
  const [asking, setAsking] = useState<'remove' | 'ban' | null>(null);
  const [reason, setReason] = useState('');
  const name = member.fullName ?? member.username;
  const done = (message: string) => async () => {
    setAsking(null);
    notifications.show({ color: 'teal', message });
    await invalidate();
  };
  const remove = useMutation(trpc.membership.remove.mutationOptions({ onSuccess: done(t('communityPage.members.removed', { name })) }));
  const ban = useMutation(trpc.membership.ban.mutationOptions({ onSuccess: done(t('bans.banned', { name })) }));
  const open = (action: 'remove' | 'ban') => {
    remove.reset();
    ban.reset();
    setReason('');
    setAsking(action);
  };
  const busy = remove.isPending || ban.isPending;
  return (
    <>
      <RowMenu label={t('bans.moderate')} ariaLabel={t('bans.moderateNamed', { name })} icon={<IconGavel size={14} />} color="red" loading={busy}>
        <Menu.Item leftSection={<IconUserMinus size={14} />} onClick={() => open('remove')}>
          {t('bans.remove')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconBan size={14} />} onClick={() => open('ban')}>
          {t('bans.ban')}
        </Menu.Item>
      </RowMenu>
      <ConfirmDialog
        opened={asking === 'remove'}
        title={t('bans.removeTitle')}
        confirmLabel={t('bans.remove')}
        busy={remove.isPending}
        error={remove.error && serverText(remove.error.message)}
        onConfirm={() => remove.mutate({ communityId: community.id, userId: member.userId })}
        onCancel={() => setAsking(null)}
      >
        {t('bans.removeBody', { name, community: community.name, days: formatCount(JOIN_RETRY_DAYS) })}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'ban'}
        title={t('bans.banTitle')}
        confirmLabel={t('bans.ban')}
        busy={ban.isPending}
        error={ban.error && serverText(ban.error.message)}
        onConfirm={() => ban.mutate({ communityId: community.id, userId: member.userId, reason: reason.trim() || null })}
        onCancel={() => setAsking(null)}
        extra={
          <Textarea
            label={t('bans.reasonLabel')}
            description={t('bans.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={BAN_LIMITS.reasonMax}
            autosize
            minRows={2}
          />
        }
      >
        {t('bans.banBody', { name, community: community.name })}
      </ConfirmDialog>
    </>
  );
}
