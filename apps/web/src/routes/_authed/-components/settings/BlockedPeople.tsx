import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlockActions } from '../../../../components/blocks/useBlocks.ts';
import { Loading } from '../../../../components/Loading.tsx';
import { PersonRow } from '../../../../components/PersonRow.tsx';
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
      ) : list.data === undefined ? (
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
    <PersonRow role="listitem" person={person} avatarSize={40} detail={t('blocks.blockedSince', { date: formatDate(person.blockedAt, 'day') })}>
      <Button size="compact-sm" variant="light" leftSection={<IconLockOpen size={14} />} loading={unblock.isPending} onClick={() => unblock.mutate({ userId: person.id })} aria-label={t('blocks.unblockNamed', { name })}>
        {t('blocks.unblock')}
      </Button>
    </PersonRow>
  );
}
