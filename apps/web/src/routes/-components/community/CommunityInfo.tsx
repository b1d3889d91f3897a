import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { toEmbedUrl } from '@app/shared/video';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './community.module.css';
import type { CommunityDetails } from '../../../lib/community-types.ts';
import { VideoEmbed } from '../../../components/VideoEmbed.tsx';

/** The community's video (embedded), description, rules and contact address. */
export function CommunityInfo({ community }: { community: CommunityDetails }) {
  const { t } = useTranslation();
  const embed = toEmbedUrl(community.videoUrl);
  const empty = !embed && !community.description && !community.rules;
  return (
    <Stack gap="lg">
      {embed && (
        <VideoEmbed src={embed} title={t('communityPage.video', { name: community.name })} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }} />
      )}
      {community.description && (
        <Stack gap={6} component="section">
          <Title order={2} fz="lg">
            {t('communityPage.description')}
          </Title>
          <Text className={classes.prose} dir="auto">
            {community.description}
          </Text>
        </Stack>
      )}
      {community.rules && (
        <Stack gap={6} component="section">
          <Title order={2} fz="lg">
            {t('communityPage.rules')}
          </Title>
          <Text className={classes.prose} dir="auto">
            {community.rules}
          </Text>
        </Stack>
      )}
      {empty && <Text c="dimmed">{t('communityPage.noDescription')}</Text>}
      {community.contactEmail && (
        <Group gap={6} wrap="nowrap">
          <IconMail size={16} aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {t('communityPage.contact')}
          </Text>
          <Anchor href={`mailto:${community.contactEmail}`} size="sm" truncate>
            {community.contactEmail}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
