import { Switch } from '@mantine/core';
import { LazyTooltip } from '../../../components/LazyTooltip.tsx';
import { notifications as toasts } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRateLimited } from '../../../lib/rate-limit.ts';
import { retryUnlessRefused } from '../../../lib/retry.ts';
import { useTRPC } from '../../../lib/trpc.ts';

/** A member's own switch: nothing from this community reaches their bell or e-mail while it is on. */
export function MuteSwitch({ community }: { community: { id: string; name: string } }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.notifications.muted.queryKey({ communityId: community.id });
  // Set in the change event itself, so the switch turns at once (a controlled input would spring back until the mutation's state arrives).
  const [turning, setTurning] = useState<boolean | null>(null);
  const muted = useQuery({ ...trpc.notifications.muted.queryOptions({ communityId: community.id }), retry: retryUnlessRefused });
  const mute = useMutation(
    trpc.notifications.mute.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(key, saved);
        toasts.show({ color: 'teal', message: t(saved.muted ? 'notifications.mute.muted' : 'notifications.mute.unmuted', { community: community.name }) });
      },
      onError: (error) => {
        if (!isRateLimited(error)) toasts.show({ color: 'red', message: t('notifications.mute.failed') });
      },
      onSettled: () => setTurning(null),
    }),
  );
  const checked = turning ?? muted.data?.muted ?? false;
  return (
    <LazyTooltip label={t('notifications.mute.help')} withArrow multiline w={240} openDelay={300}>
      <Switch
        size="sm"
        label={t('notifications.mute.label')}
        checked={checked}
        disabled={muted.isPending}
        onChange={(event) => {
          const next = event.currentTarget.checked;
          setTurning(next);
          mute.mutate({ communityId: community.id, muted: next });
        }}
      />
    </LazyTooltip>
  );
}
