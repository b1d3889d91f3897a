import { Badge, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RouterAnchor } from '../../../components/RouterLinks.tsx';
import { CommunityLogo } from '../../../components/CommunityLogo.tsx';
import { formatCount, formatDate, formatMoney } from '../../../lib/format.ts';
import type { ReferredCommunity } from './types.ts';

/** The communities created through the partner's link, newest first, with members and earnings. */
export function ReferredCommunities({ communities, total }: { communities: ReferredCommunity[]; total: number }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg" id="referred-title">
          {t('partners.communities.title')}
        </Title>
        {communities.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('partners.communities.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="referred-title" style={{ listStyle: 'none' }}>
            {communities.map((community) => (
              <Paper component="li" key={community.id} withBorder radius="md" p="sm" aria-label={community.name}>
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Group gap="sm" wrap="nowrap" miw={0} flex="1 1 240px">
                    <CommunityLogo name={community.name} logoUrl={community.logoUrl} size={40} plain />
                    <Stack gap={2} miw={0}>
                      <RouterAnchor to="/community/$communityName" params={{ communityName: community.name }} fw={600} truncate>
                        {community.name}
                      </RouterAnchor>
                      <Text size="xs" c="dimmed">
                        {t('partners.communities.referredOn', { date: formatDate(community.referredAt, 'day') })}
                      </Text>
                    </Stack>
                  </Group>
                  <Group gap="md" wrap="wrap">
                    <Figure label={t('partners.communities.members')} value={formatCount(community.membersCount)} />
                    <Figure
                      label={t('partners.communities.price')}
                      value={community.membershipAmountCents > 0 ? t('partners.communities.perMonth', { price: formatMoney(community.membershipAmountCents) }) : t('partners.communities.free')}
                    />
                    <Figure label={t('partners.communities.earned')} value={formatMoney(community.earnedCents)} />
                    <Badge color={community.active ? 'teal' : 'gray'} variant="light" radius="sm" style={{ flexShrink: 0 }}>
                      {community.active ? t('partners.communities.active') : t('partners.communities.inactive')}
                    </Badge>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {total > communities.length && (
          <Text size="xs" c="dimmed">
            {t('partners.communities.more', { count: communities.length, total })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Stack>
  );
}
