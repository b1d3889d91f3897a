import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlockActions } from '../../../../components/blocks/useBlocks.ts';
import { Handle, HANDLE_LINE } from '../../../../components/Handle.tsx';
import { Loading } from '../../../../components/Loading.tsx';
import { RouterAnchor } from '../../../../components/RouterLinks.tsx';
import { UserAvatar } from '../../../../components/UserAvatar.tsx';
import { serverText } from '../../../../i18n/server-text.ts';
import { formatDate } from '../../../../lib/format.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { SectionHeading } from './SectionHeading.tsx';

/** Settings' 'Blocked people': everyone the viewer blocks (blocks.list, live), each with 'Unblock'. */
export function BlockedPeople() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const list = useQuery(trpc.blocks.list.queryOptions());
  return (
    <Stack gap="md">
      <SectionHeading title={t('blocks.settingsTitle')} description={t('blocks.settingsHint')} />
      {list.isPending ? (
        <Loading py="md" size="sm" label={t('blocks.settingsLoading')} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {serverText(list.error.message)}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('blocks.settingsEmpty')}
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={t('blocks.settingsList')}>
          {list.data.map((person) => (
            <BlockedPerson key={person.id} person={person} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function BlockedPerson({ person }: { person: { id: string; username: string; fullName: string | null; avatarUrl: string | null; blockedAt: Date } }) {
  const { t } = useTranslation();
  const name = person.fullName ?? person.username;
  const { unblock } = useBlockActions({ id: person.id, name });
  return (
    <Group role="listitem" gap="sm" wrap="wrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 'min(100%, 180px)', flex: 1 }}>
        <UserAvatar username={person.username} avatarUrl={person.avatarUrl} size={40} radius="xl" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {name}
          </Text>
          <RouterAnchor to="/profile/$username" params={{ username: person.username }} size="sm" c="dimmed" truncate {...HANDLE_LINE}>
            <Handle username={person.username} />
          </RouterAnchor>
          <Text size="xs" c="dimmed">
            {t('blocks.blockedSince', { date: formatDate(person.blockedAt, 'day') })}
          </Text>
        </Stack>
      </Group>
      <Button size="compact-sm" variant="light" leftSection={<IconLockOpen size={14} />} loading={unblock.isPending} onClick={() => unblock.mutate({ userId: person.id })} aria-label={t('blocks.unblockNamed', { name })} ms="auto">
        {t('blocks.unblock')}
      </Button>
    </Group>
  );
}
