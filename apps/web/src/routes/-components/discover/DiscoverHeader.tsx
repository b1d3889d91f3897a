import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';

/** Title, subtitle, the totals pill and the '+ Community' button (to /Pricing). */
export function DiscoverHeader() {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={6} maw={620}>
        <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.1}>
          {t('discover.title')}
        </Title>
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
          {t('discover.subtitle')}
        </Text>
      </Stack>
      <Group gap="sm" wrap="wrap">
        <CounterPill />
        {/* A plain anchor: '/Pricing' is the spec's spelling of the /pricing route, which a typed link would write in lower case. */}
        <Button component="a" href="/Pricing" radius="xl" size="md">
          {t('discover.createCommunity')}
        </Button>
      </Group>
    </Group>
  );
}

function CounterPill() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const communities = useQuery(trpc.communities.count.queryOptions());
  const profiles = useQuery(trpc.profiles.count.queryOptions());
  const part = (key: 'communities' | 'profiles', count: number | undefined) =>
    t(`discover.counter.${key}`, { count: count ?? 0, value: count === undefined ? t('discover.counter.unknown') : formatCount(count) });

  return (
    <Paper withBorder radius="xl" px="md" py={8} shadow="xs" role="group" aria-label={t('discover.counter.label')}>
      <Group gap="sm" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <IconUsersGroup size={18} color="var(--mantine-color-brand-6)" aria-hidden="true" />
          <Text size="sm" fw={600} data-testid="communities-total">
            {part('communities', communities.data)}
          </Text>
        </Group>
        <Divider orientation="vertical" />
        <Group gap={6} wrap="nowrap">
          <IconUsers size={18} color="var(--mantine-color-violet-6)" aria-hidden="true" />
          <Text size="sm" fw={600} data-testid="profiles-total">
            {part('profiles', profiles.data)}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}
