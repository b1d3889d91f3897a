import { Alert, Anchor, Badge, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CATEGORIES, COMMUNITY_LANGUAGES } from '@app/shared/constants';
import { PROFILE_MESSAGES } from '@app/shared/plain/profiles';
import { IconAlertTriangle, IconArrowLeft, IconLink, IconMail, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CommunityGrid } from '../../../components/CommunityGrid.tsx';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { RouterButton } from '../../../components/RouterLinks.tsx';
import { BlockButton } from '../../../components/blocks/BlockButton.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { levelOf } from '@app/shared/plain/levels';
import { serverText } from '../../../i18n/server-text.ts';
import { useMe } from '../../../lib/auth.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { Handle } from '../../../components/Handle.tsx';

export function ProfilePage({ username }: { username: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const trpc = useTRPC();
  const me = useMe();
  const profile = useQuery({ ...trpc.profiles.byUsername.queryOptions({ username }), enabled: username.length > 0, retry: false });

  const back = (
    <Box mb="md">
      <Button variant="subtle" color="gray" px={4} leftSection={<IconArrowLeft className="mirror-rtl" size={16} />} onClick={() => router.history.back()}>
        {t('profile.back')}
      </Button>
    </Box>
  );

  const lists = useQuery({ ...trpc.communities.ofProfile.queryOptions({ userId: profile.data?.id ?? '' }), enabled: Boolean(profile.data) });
  if (!username) return <ProfileAlert back={back} message={serverText(PROFILE_MESSAGES.missingUsername)} />;
  if (profile.isPending) return <FullPageLoader />;
  if (profile.isError) {
    const notFound = profile.error.data?.code === 'NOT_FOUND';
    return <ProfileAlert back={back} message={serverText(notFound ? PROFILE_MESSAGES.userNotFound : PROFILE_MESSAGES.profileLoadFailed)} />;
  }

  const person = profile.data;
  const category = CATEGORIES.find((c) => c.value === person.category);
  const language = COMMUNITY_LANGUAGES.find((l) => l.value === person.language);
  const isMe = me.data?.id === person.id;
  const levels = levelsOf(lists.data?.joined ?? []);
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      {back}
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <UserAvatar username={person.username} avatarUrl={person.avatarUrl} level={levels.top} size={112} radius={112} />
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <div>
                <Title order={1} fz={{ base: 26, sm: 32 }}>
                  {person.fullName ?? person.username}
                </Title>
                <Text c="dimmed"><Handle username={person.username} /></Text>
              </div>
              {isMe && (
                <RouterButton to="/settings" variant="default" leftSection={<IconPencil size={16} />}>
                  {t('profile.edit')}
                </RouterButton>
              )}
              {me.data && !isMe && <BlockButton person={{ id: person.id, name: person.fullName ?? person.username }} size="sm" variant="light" />}
            </Group>
            <Text size="sm" c="dimmed">
              {t('profile.joined', { date: formatDate(person.createdAt, 'monthYear') })}
            </Text>
            {levels.each.length > 0 && (
              <Group gap={6} aria-label={t('profile.levels')}>
                {levels.each.map((entry) => (
                  <Badge key={entry.name} variant="light" color={entry.level >= 5 ? 'orange' : 'brand'} radius="sm" tt="none">
                    {t('profile.levelIn', { level: entry.level, community: entry.name })}
                  </Badge>
                ))}
              </Group>
            )}
            {person.bio && (
              <Text mt="xs" dir="auto">
                {person.bio}
              </Text>
            )}
            <Group gap="xs" mt="xs">
              {category && <Badge variant="light">{`${category.emoji} ${category.label}`}</Badge>}
              {language && (
                <Badge variant="light" color="gray">
                  {`${language.flag} ${language.label}`}
                </Badge>
              )}
            </Group>
            {(person.contactEmail || person.urls.length > 0) && (
              <Stack gap={4} mt="xs">
                {person.contactEmail && (
                  <Group gap={6}>
                    <IconMail size={16} aria-hidden />
                    <Anchor href={`mailto:${person.contactEmail}`} size="sm">
                      {person.contactEmail}
                    </Anchor>
                  </Group>
                )}
                {person.urls.map((url) => (
                  <Group key={url} gap={6} wrap="nowrap">
                    <IconLink size={16} aria-hidden />
                    <Anchor href={url} size="sm" target="_blank" rel="noopener noreferrer nofollow ugc" truncate>
                      {url.replace(/^https?:\/\//, '')}
                    </Anchor>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </Group>
      </Paper>
      <ProfileCommunities userId={person.id} />
    </Container>
  );
}

/** 'Owned Communities' and 'Joined Communities', each shown only when it has any. */
function ProfileCommunities({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const lists = useQuery(trpc.communities.ofProfile.queryOptions({ userId }));
  if (!lists.data) return null;
  const sections = [
    { title: t('profile.owned'), items: lists.data.owned },
    { title: t('profile.joinedCommunities'), items: lists.data.joined },
  ].filter((section) => section.items.length > 0);
  return sections.map((section) => (
    <Stack key={section.title} gap="md" mt={40} component="section">
      <Title order={2} fz={22}>
        {section.title}
      </Title>
      <CommunityGrid communities={section.items} label={section.title} />
    </Stack>
  ));
}

function ProfileAlert({ back, message }: { back: React.ReactNode; message: string }) {
  return (
    <Container size="sm" py={{ base: 'lg', sm: 40 }}>
      {back}
      <Alert color="red" variant="filled" icon={<IconAlertTriangle />} role="alert">
        <Text ta="start">{message}</Text>
      </Alert>
    </Container>
  );
}

/** The person's levels in the communities shown on their profile: the highest on the avatar, the three best named. */
function levelsOf(joined: Array<{ name: string; points: number }>) {
  const each = joined
    .map((community) => ({ name: community.name, level: levelOf(community.points) }))
    .sort((a, b) => b.level - a.level)
    .slice(0, 3);
  return { top: each[0]?.level, each: each.filter((entry) => entry.level > 1) };
}
