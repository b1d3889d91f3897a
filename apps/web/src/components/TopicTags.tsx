import { Badge, Group, Text, type GroupProps } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { categoryLabel, languageLabel, membersLabel } from '../lib/labels.ts';

interface TopicTagsProps extends Omit<GroupProps, 'children'> {
  category: string | null | undefined;
  language: string | null | undefined;
}

/** The category (with its emoji) and language (with its flag) tags of a community or a person; nothing when neither is set. */
export function TopicTags({ category, language, ...props }: TopicTagsProps) {
  const { t } = useTranslation();
  const categoryTag = categoryLabel(t, category);
  const languageTag = languageLabel(t, language);
  if (!categoryTag && !languageTag) return null;
  return (
    <Group gap={6} {...props}>
      {categoryTag && (
        <Badge variant="light" color="violet" radius="sm" tt="none" fw={500}>
          <span aria-hidden="true">{categoryTag.emoji}</span> {categoryTag.label}
        </Badge>
      )}
      {languageTag && (
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
          <span aria-hidden="true">{languageTag.flag}</span> {languageTag.label}
        </Badge>
      )}
    </Group>
  );
}

/** 'N members' or 'N/cap members' with the people icon. */
export function MembersLine({ membersCount, availableSeats }: { membersCount: number; availableSeats: number | null }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} c="dimmed" wrap="nowrap">
      <IconUsers size={16} aria-hidden="true" />
      <Text size="sm">{membersLabel(t, membersCount, availableSeats)}</Text>
    </Group>
  );
}
