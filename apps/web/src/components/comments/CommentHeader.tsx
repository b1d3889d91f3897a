import { ActionIcon, Group, Text } from '@mantine/core';
import { LazyTooltip } from '../LazyTooltip.tsx';
import { IconFlag, IconPencil, IconTrash } from '@tabler/icons-react';
import { PersonLink } from '../PersonName.tsx';
import { RelativeTime } from '../feed/RelativeTime.tsx';

interface CommentHeaderProps {
  author: { username: string; fullName: string | null };
  createdAt: Date;
  deleteLabel: string;
  /** Offered to those who may delete the comment (the server checks again). */
  onDelete?: () => void;
  deleting: boolean;
  /** 'edited', after the time, once its author changed it. */
  edited?: string;
  /** Offered to its author (the feed's comments): the button's name, and what it does. */
  edit?: { label: string; onEdit: () => void };
  /** Offered to members other than its author (the feed's comments): the button's name, and what it does. */
  report?: { label: string; onReport: () => void };
}

/** A comment's first line: its author (to their profile), time and 'edited', and edit and delete buttons for those who may. */
export function CommentHeader({ author, createdAt, deleteLabel, onDelete, deleting, edited, edit, report }: CommentHeaderProps) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <Group gap={8} miw={0} wrap="wrap">
        <PersonLink person={author} size="sm" fw={600} c="var(--mantine-color-text)" />
        <RelativeTime date={createdAt} />
        {edited && (
          <Text size="xs" c="dimmed">
            · {edited}
          </Text>
        )}
      </Group>
      <Group gap={2} wrap="nowrap">
        {edit && (
          <LazyTooltip label={edit.label} withArrow openDelay={300}>
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={edit.onEdit} aria-label={edit.label}>
              <IconPencil size={14} />
            </ActionIcon>
          </LazyTooltip>
        )}
        {report && (
          <LazyTooltip label={report.label} withArrow openDelay={300}>
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={report.onReport} aria-label={report.label}>
              <IconFlag size={14} />
            </ActionIcon>
          </LazyTooltip>
        )}
        {onDelete && (
          <LazyTooltip label={deleteLabel} withArrow openDelay={300}>
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={onDelete} loading={deleting} aria-label={deleteLabel}>
              <IconTrash size={14} />
            </ActionIcon>
          </LazyTooltip>
        )}
      </Group>
    </Group>
  );
}
