import { AspectRatio, Badge, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { toEmbedUrl } from '@app/shared/video';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonthlyPrice, languageLabel } from '../lib/labels.ts';
import classes from './cards.module.css';
import { MembersLine, TopicTags } from './TopicTags.tsx';
import { VideoEmbed } from './VideoEmbed.tsx';

/** What a card needs; `communities.list` and `communities.ofProfile` rows fit. */
export interface CommunityCardData {
  id: string;
  name: string;
  logoUrl: string | null;
  videoUrl: string | null;
  category: string | null;
  language: string | null;
  /** Member cap; null means unlimited. */
  availableSeats: number | null;
  membershipAmountCents: number;
  membersCount: number;
  isPrivate?: boolean;
  ownerUsername?: string | null;
}

/**
 * Spec section 3, 'Community card': preview video (YouTube or Vimeo in embed form) or the logo;
 * name; language tag; 'N/cap members'; the monthly price when above 0; category and language tags.
 * The card links to /community/{name}; an embedded video stays playable outside the link.
 */
export function CommunityCard({ community }: { community: CommunityCardData }) {
  const { t } = useTranslation();
  const embed = toEmbedUrl(community.videoUrl);
  const language = languageLabel(t, community.language);
  const price = formatMonthlyPrice(community.membershipAmountCents);

  return (
    <Card component="article" withBorder radius="lg" padding={0} shadow="xs" h="100%" className={classes.card}>
      {embed && (
        <VideoEmbed src={embed} title={t('discover.card.previewVideo', { name: community.name })} />
      )}
      <Link to="/community/$communityName" params={{ communityName: community.name }} aria-label={community.name} className={classes.link}>
        {!embed && <LogoArea name={community.name} logoUrl={community.logoUrl} />}
        <Stack gap={10} p="md" flex={1}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={700} fz="lg" lh={1.3} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {community.isPrivate && <IconLock size={15} aria-label={t('discover.card.private')} style={{ marginInlineEnd: 4, verticalAlign: -1 }} />}
              {community.name}
            </Text>
            {language && (
              <Badge variant="default" radius="sm" size="sm" style={{ flexShrink: 0 }} title={t('discover.card.language', { language: language.label })}>
                <span aria-hidden="true">{language.flag}</span> {language.code}
              </Badge>
            )}
          </Group>
          {community.ownerUsername && (
            <Text size="sm" c="dimmed" mt={-6} truncate>
              {t('discover.card.ownedBy', { username: community.ownerUsername })}
            </Text>
          )}
          <Group justify="space-between" gap="xs" mt="auto">
            <MembersLine membersCount={community.membersCount} availableSeats={community.availableSeats} />
            {price && (
              <Text size="sm" fw={700} c="brand.7">
                {t('discover.card.price', { amount: price })}
              </Text>
            )}
          </Group>
          <TopicTags category={community.category} language={community.language} />
        </Stack>
      </Link>
    </Card>
  );
}

/** The logo on a soft backdrop; the name's first letter when there is no logo or it fails to load. */
function LogoArea({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <AspectRatio ratio={16 / 9}>
      <Center className={classes.backdrop}>
        {logoUrl && !failed ? (
          <Image
            src={logoUrl}
            alt={t('discover.card.logo', { name })}
            w={96}
            h={96}
            radius="lg"
            fit="cover"
            bg="white"
            style={{ boxShadow: 'var(--mantine-shadow-md)' }}
            onError={() => setFailed(true)}
          />
        ) : (
          <Center w={96} h={96} bg="white" style={{ borderRadius: 'var(--mantine-radius-lg)', boxShadow: 'var(--mantine-shadow-md)' }} aria-hidden="true">
            <Text fz={40} fw={800} c="brand.6" lh={1}>
              {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
            </Text>
          </Center>
        )}
      </Center>
    </AspectRatio>
  );
}
