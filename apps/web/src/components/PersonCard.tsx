import { Card, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './cards.module.css';
import { UserAvatar } from './UserAvatar.tsx';
import { TopicTags } from './TopicTags.tsx';

/** What a person card shows; `profiles.list` rows fit (never an e-mail). */
export interface PersonCardData {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  category: string | null;
  language: string | null;
}

/** A person: avatar, name, @username and their category and language; a click opens /profile/{username}. */
export function PersonCard({ person }: { person: PersonCardData }) {
  const { t } = useTranslation();
  const name = person.fullName?.trim() || person.username;
  return (
    <Card withBorder radius="lg" padding={0} shadow="xs" h="100%" className={classes.card}>
      <Link
        to="/profile/$username"
        params={{ username: person.username }}
        className={classes.link}
        aria-label={t('discover.card.viewProfile', { name, username: person.username })}
      >
        <Stack align="center" gap={6} p="lg" ta="center" flex={1}>
          <UserAvatar username={person.username} avatarUrl={person.avatarUrl} size={72} radius="xl" mb={6} />
          <Text fw={700} lh={1.3} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" c="dimmed" lh={1.2} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {t('discover.card.username', { username: person.username })}
          </Text>
          <TopicTags category={person.category} language={person.language} justify="center" mt={6} />
        </Stack>
      </Link>
    </Card>
  );
}
