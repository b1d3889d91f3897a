import { Avatar, Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { RouterAnchor } from '../../../components/RouterLinks.tsx';
import classes from './JoinPage.module.css';
import type { JoinCommunity } from './useJoinCommunity.ts';

/** Logo, name, owner and tags of the community someone is about to join. */
export function CommunityHeader({ community }: { community: JoinCommunity }) {
  const { t } = useTranslation();
  const [logoFailed, setLogoFailed] = useState(false);
  const owner = community.owner;

  return (
    <Paper withBorder radius="lg" shadow="xs" style={{ overflow: 'hidden' }}>
      <Box className={classes.banner} aria-hidden />
      <Stack gap="sm" px={{ base: 'md', sm: 'xl' }} pb={{ base: 'md', sm: 'xl' }}>
        <Avatar
          src={community.logoUrl && !logoFailed ? community.logoUrl : null}
          alt={t('join.logo', { name: community.name })}
          size={104}
          radius="lg"
          color="brand"
          className={classes.logo}
          imageProps={{ onError: () => setLogoFailed(true) }}
        >
          <Text fz={40} fw={800} c="brand.6">
            {Array.from(community.name.trim())[0]?.toUpperCase() ?? '?'}
          </Text>
        </Avatar>
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 34 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {community.name}
          </Title>
          <Group gap={8} wrap="nowrap">
            <UserAvatar username={owner.username} avatarUrl={owner.avatarUrl} size={26} radius="xl" />
            <Text size="sm" c="dimmed" truncate>
              <Trans
                i18nKey="join.ownedBy"
                values={{ name: owner.fullName ?? `@${owner.username}` }}
                components={{ owner: <RouterAnchor to="/profile/$username" params={{ username: owner.username }} size="sm" fw={600} /> }}
              />
            </Text>
          </Group>
        </Stack>
        {community.isPrivate && (
          <Group gap={6}>
            <Badge variant="light" color="orange" radius="sm" tt="none" fw={500} size="lg" leftSection={<IconLock size={13} />}>
              {t('join.private')}
            </Badge>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
