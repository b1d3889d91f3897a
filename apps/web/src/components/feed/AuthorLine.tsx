import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PersonLink } from '../PersonName.tsx';
import { UserAvatar } from '../UserAvatar.tsx';
import { RelativeTime } from './RelativeTime.tsx';

interface AuthorLineProps {
  author: { id?: string; username: string; fullName: string | null; avatarUrl: string | null };
  createdAt: Date;
  edited: boolean;
  /** The author's level in the community, as a badge on the avatar (none on the platform-wide feedback wall). */
  level?: number;
  avatarSize?: number;
}

/** Who wrote a post or feedback and when: avatar, name (to their profile), time, and 'edited'. */
export function AuthorLine({ author, createdAt, edited, level, avatarSize = 42 }: AuthorLineProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <UserAvatar userId={author.id} username={author.username} avatarUrl={author.avatarUrl} level={level} radius="xl" size={avatarSize} />
      <Stack gap={0} miw={0}>
        <PersonLink person={author} fw={700} c="var(--mantine-color-text)" truncate />
        <Group gap={6} wrap="nowrap">
          <RelativeTime date={createdAt} />
          {edited && (
            <Text size="xs" c="dimmed">
              · {t('feed.post.edited')}
            </Text>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
