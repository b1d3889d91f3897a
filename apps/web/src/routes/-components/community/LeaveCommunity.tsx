import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDoorExit } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useInvalidateCommunity } from './queries.ts';
import type { CommunityDetails } from '../../../lib/community-types.ts';

/** A member (never the owner) leaves, after confirming; the page then shows the non-member view. */
export function LeaveCommunity({ community }: { community: CommunityDetails }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const navigate = useNavigate({ from: '/community/$communityName' });
  const invalidate = useInvalidateCommunity();
  const [opened, setOpened] = useState(false);
  const leave = useMutation(
    trpc.membership.leave.mutationOptions({
      onSuccess: async () => {
        setOpened(false);
        notifications.show({ color: 'teal', message: t('communityPage.leave.done', { name: community.name }) });
        await navigate({ search: {} });
        await invalidate();
      },
    }),
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" gap="md">
        <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
          <Text fw={600}>{t('communityPage.leave.heading')}</Text>
          <Text size="sm" c="dimmed">
            {t('communityPage.leave.hint')}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          leftSection={<IconDoorExit className="mirror-rtl" size={16} />}
          onClick={() => {
            leave.reset();
            setOpened(true);
          }}
        >
          {t('communityPage.leave.action')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={opened}
        title={t('communityPage.leave.confirmTitle')}
        confirmLabel={t('communityPage.leave.confirm')}
        busy={leave.isPending}
        error={leave.error ? t('communityPage.leave.failed', { message: serverText(leave.error.message) }) : null}
        onConfirm={() => leave.mutate({ communityId: community.id })}
        onCancel={() => setOpened(false)}
      >
        {t('communityPage.leave.confirmBody', { name: community.name })}
      </ConfirmDialog>
    </Paper>
  );
}
