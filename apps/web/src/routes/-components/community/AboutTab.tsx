import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPencil, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { categoryLabel, formatMonthlyPrice, languageLabel, membersLabel } from '../../../lib/labels.ts';
import { BackButton } from '../../../components/BackButton.tsx';
import { CommunityInfo } from './CommunityInfo.tsx';
import { EditCommunityForm } from './EditCommunityForm.tsx';
import { PostCategoriesEditor } from './PostCategoriesEditor.tsx';
import { LeaveCommunity } from './LeaveCommunity.tsx';
import type { CommunityAccess, CommunityDetails } from '../../../lib/community-types.ts';
import { useTabLink } from '../../../lib/useTabLink.ts';
import { RouterButton } from '../../../components/RouterLinks.tsx';

interface AboutTabProps {
  community: CommunityDetails;
  access: CommunityAccess;
  /** ?edit=1: the 'Edit information' form of the owner and admins; anyone else is told they may not. */
  editing: boolean;
}

export function AboutTab({ community, access, editing }: AboutTabProps) {
  const { can } = access;
  const { t } = useTranslation();
  const tabLink = useTabLink();

  if (editing) {
    return (
      <Stack gap="md">
        <BackButton to="about" />
        {can.administer ? (
          <>
            <EditCommunityForm community={community} setsPrice={can.own} />
            <PostCategoriesEditor communityId={community.id} />
          </>
        ) : (
          <Alert color="red" role="alert">
            {t('communityPage.edit.notAuthorized')}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <BackButton />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} fz="xl">
              {t('communityPage.aboutHeading')}
            </Title>
            {can.administer && (
              <RouterButton {...tabLink('about', true)} variant="light" leftSection={<IconPencil size={16} />}>
                {t('communityPage.edit.open')}
              </RouterButton>
            )}
          </Group>
          <Facts community={community} />
          <CommunityInfo community={community} />
        </Stack>
      </Paper>
      {access.role !== 'owner' && <LeaveCommunity community={community} />}
    </Stack>
  );
}

/** Membership terms at a glance. */
function Facts({ community }: { community: CommunityDetails }) {
  const { t } = useTranslation();
  const price = formatMonthlyPrice(community.membershipAmountCents);
  const category = categoryLabel(t, community.category);
  const language = languageLabel(t, community.language);
  const created = formatDate(community.createdAt, 'longDay');
  const facts = [
    { label: t('communityPage.facts.members'), value: membersLabel(t, community.membersCount, community.availableSeats) },
    { label: t('communityPage.facts.price'), value: price ? t('discover.card.price', { amount: price }) : t('communityPage.free') },
    {
      label: t('communityPage.facts.access'),
      value: community.isPrivate ? t('communityPage.facts.private') : t('communityPage.facts.public'),
      icon: community.isPrivate ? <IconLock size={14} aria-hidden="true" /> : <IconWorld size={14} aria-hidden="true" />,
    },
    { label: t('communityPage.facts.category'), value: category ? `${category.emoji} ${category.label}` : t('communityPage.facts.none') },
    { label: t('communityPage.facts.language'), value: language ? `${language.flag} ${language.label}` : t('communityPage.facts.none') },
    { label: t('communityPage.facts.created'), value: created },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md" component="dl" m={0}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
            {fact.label}
          </Text>
          <Group component="dd" gap={4} m={0} wrap="nowrap">
            {fact.icon}
            <Text size="sm" fw={500}>
              {fact.value}
            </Text>
          </Group>
        </div>
      ))}
    </SimpleGrid>
  );
}
