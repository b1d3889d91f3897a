import { Button, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { formatMonthlyPrice } from '../../../lib/labels.ts';
import { formatDate } from '../../../lib/format.ts';
import { CommunityHeader } from '../../../components/CommunityHeader.tsx';
import { CommunityInfo } from './CommunityInfo.tsx';
import classes from './community.module.css';
import type { CommunityDetails } from '../../../lib/community-types.ts';

/** What visitors and non-members see: the community's details and a way to join. */
interface NonMemberViewProps {
  community: CommunityDetails;
  signedIn: boolean;
  /** Removed by a moderator (with `askAgainAt`): the wait is theirs, not a declined request's. */
  removed?: boolean;
  /** A declined request or a removal: when the person may ask again (the request button waits until then). */
  askAgainAt?: Date | null;
}

export function NonMemberView({ community, signedIn, removed = false, askAgainAt = null }: NonMemberViewProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <CommunityHeader community={community} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                <Title order={2} fz="xl">
                  {t('communityPage.aboutHeading')}
                </Title>
                <CommunityInfo community={community} />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <JoinCard community={community} signedIn={signedIn} removed={removed} askAgainAt={askAgainAt} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function JoinCard({ community, signedIn, removed, askAgainAt }: { community: CommunityDetails; signedIn: boolean; removed: boolean; askAgainAt: Date | null }) {
  const { t } = useTranslation();
  const price = formatMonthlyPrice(community.membershipAmountCents);
  const full = community.availableSeats !== null && community.membersCount >= community.availableSeats;
  const hint = removed && askAgainAt
    ? t('bans.removedWait', { date: formatDate(askAgainAt, 'exact') })
    : askAgainAt
    ? t('communityPage.join.declined', { date: formatDate(askAgainAt, 'exact') })
    : full
    ? t('communityPage.join.fullHint')
    : community.isPrivate
      ? t('communityPage.join.privateHint')
      : price
        ? t('communityPage.join.paidHint')
        : t('communityPage.join.freeHint');

  return (
    <Paper withBorder radius="lg" p="lg" className={classes.sticky}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {t('communityPage.join.membership')}
        </Text>
        <Text fz={26} fw={800} lh={1.2} c={price ? undefined : 'teal.9'}>
          {price ? t('discover.card.price', { amount: price }) : t('communityPage.free')}
        </Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {full || askAgainAt ? (
          <Button size="md" disabled fullWidth>
            {full ? t('communityPage.join.full') : community.isPrivate ? t('communityPage.join.request') : t('communityPage.join.join')}
          </Button>
        ) : (
          <RouterButton
            to="/$communityName/join"
            params={{ communityName: community.name }}
            size="md"
            fullWidth
            leftSection={community.isPrivate ? <IconLock size={18} /> : <IconUserPlus size={18} />}
          >
            {community.isPrivate ? t('communityPage.join.request') : t('communityPage.join.join')}
          </RouterButton>
        )}
        {!signedIn && !full && (
          <Text size="xs" c="dimmed" ta="center">
            {t('communityPage.join.signInHint')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
