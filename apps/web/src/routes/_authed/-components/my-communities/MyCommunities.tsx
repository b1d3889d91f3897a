import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../../components/RouterLinks.tsx';
import { useTRPC } from '../../../../lib/trpc.ts';
import { CommunitySection } from './CommunitySection.tsx';
import { Loading } from '../../../../components/Loading.tsx';

/** 'My communities': the ones joined, the ones owned, and requests still waiting for an owner. */
export function MyCommunities() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const mine = useQuery(trpc.communities.mine.queryOptions());

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Group justify="space-between" align="flex-end" gap="md" mb="xl">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('mine.title')}
          </Title>
          <Text c="dimmed">{t('mine.subtitle')}</Text>
        </div>
        <RouterButton to="/start-community" leftSection={<IconPlus size={18} />}>
          {t('mine.create')}
        </RouterButton>
      </Group>
      {mine.isPending ? (
        <Loading mih={240} label={t('mine.loading')} />
      ) : mine.data === undefined ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('mine.loadFailed')}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void mine.refetch()}>
              {t('mine.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Stack gap={48}>
          {mine.data.pending.length > 0 && (
            <CommunitySection title={t('mine.pending')} description={t('mine.pendingHelp')} communities={mine.data.pending} empty={null} />
          )}
          <CommunitySection
            title={t('mine.joined')}
            communities={mine.data.joined}
            empty={{
              text: t('mine.noJoined'),
              action: (
                <RouterButton to="/" variant="light">
                  {t('mine.discover')}
                </RouterButton>
              ),
            }}
          />
          <CommunitySection
            title={t('mine.owned')}
            communities={mine.data.owned}
            empty={{
              text: t('mine.noOwned'),
              action: (
                <RouterButton to="/start-community" variant="light" leftSection={<IconPlus size={16} />}>
                  {t('mine.create')}
                </RouterButton>
              ),
            }}
          />
        </Stack>
      )}
    </Container>
  );
}
