import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { RouterAnchor } from './RouterLinks.tsx';
import { MembersLine, TopicTags } from './TopicTags.tsx';
import { UserAvatar } from './UserAvatar.tsx';
import { formatMonthlyPrice } from '../lib/labels.ts';
import { CommunityLogo } from './CommunityLogo.tsx';
import classes from './CommunityHeader.module.css';
import type { CommunityDetails } from '../lib/community-types.ts';

interface CommunityHeaderProps {
  community: CommunityDetails;
  /**
   * 'page' (the community page): everything below. 'compact' (the member view, where the tabs
   * matter more): a shorter cover. 'join' (the join page): a shorter cover and no members, price or
   * tags, as the join panel beside it shows those. 'bar' (the member view's other tabs, whose content
   * should start near the top): one row of logo, name, member count and the actions, without a cover.
   */
  variant?: 'page' | 'compact' | 'join' | 'bar';
  /** At the end of the name's row: a member's own switches (muting the community's notifications). */
  actions?: ReactNode;
}

/** Cover and logo, name, owner, and unless on the join page 'N/cap members', the monthly price or 'Free', category and language. */
export function CommunityHeader({ community, variant = 'page', actions }: CommunityHeaderProps) {
  const { t } = useTranslation();
  if (variant === 'bar') return <CommunityBar community={community} actions={actions} />;
  const owner = community.owner;
  const large = variant === 'page';
  const logoSize = large ? 112 : 80;

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} component="header">
      <Box className={classes.cover} h={large ? { base: 128, sm: 200 } : { base: 88, sm: 112 }}>
        {community.logoUrl && <div className={classes.coverImage} style={{ backgroundImage: `url("${encodeURI(community.logoUrl)}")` }} />}
        <div className={classes.coverShade} />
      </Box>
      <Box px={{ base: 'md', sm: 'xl' }} pb={{ base: 'md', sm: 'lg' }}>
        <Box pos="relative" mt={-logoSize / 2} w="fit-content">
          <CommunityLogo name={community.name} logoUrl={community.logoUrl} size={logoSize} />
        </Box>
        <Stack gap={8} mt="sm">
          <Group gap="xs" align="center" wrap="wrap">
            <Title order={1} fz={{ base: 24, sm: variant === 'compact' ? 28 : 34 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {community.name}
            </Title>
            {community.isPrivate && (
              <Badge variant="light" color="gray" leftSection={<IconLock size={12} />} tt="none">
                {t('communityPage.private')}
              </Badge>
            )}
            {actions && <Box ms="auto">{actions}</Box>}
          </Group>
          <Group gap={8} wrap="nowrap">
            <UserAvatar username={owner.username} avatarUrl={owner.avatarUrl} size={24} radius="xl" />
            <Text size="sm" c="dimmed" truncate>
              <Trans
                i18nKey="communityPage.ownedBy"
                values={{ name: owner.fullName ?? owner.username }}
                components={{ owner: <RouterAnchor to="/profile/$username" params={{ username: owner.username }} size="sm" fw={600} /> }}
              />
            </Text>
          </Group>
          {variant !== 'join' && <Facts community={community} />}
        </Stack>
      </Box>
    </Paper>
  );
}

/** The 'bar' variant: the community's name (still the page's heading) in one short row. */
function CommunityBar({ community, actions }: Pick<CommunityHeaderProps, 'community' | 'actions'>) {
  return (
    <Paper withBorder radius="lg" px={{ base: 'sm', sm: 'md' }} py="sm" component="header">
      <Group gap="xs" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 12rem' }}>
          <CommunityLogo name={community.name} logoUrl={community.logoUrl} size={44} plain />
          <Stack gap={0} miw={0}>
            <Title order={1} fz={{ base: 18, sm: 20 }} lh={1.3} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
              {community.name}
            </Title>
            <MembersLine membersCount={community.membersCount} availableSeats={community.availableSeats} />
          </Stack>
        </Group>
        {actions && <Box ms="auto">{actions}</Box>}
      </Group>
    </Paper>
  );
}

/** 'N/cap members', the monthly price or 'Free', category and language. */
function Facts({ community }: { community: CommunityDetails }) {
  const { t } = useTranslation();
  const price = formatMonthlyPrice(community.membershipAmountCents);
  return (
    <>
      <Group gap="md" wrap="wrap" mt={4}>
        <MembersLine membersCount={community.membersCount} availableSeats={community.availableSeats} />
        <Text size="sm" fw={700} c={price ? 'brand.7' : 'teal.9'}>
          {price ? t('discover.card.price', { amount: price }) : t('communityPage.free')}
        </Text>
      </Group>
      <TopicTags category={community.category} language={community.language} />
    </>
  );
}
