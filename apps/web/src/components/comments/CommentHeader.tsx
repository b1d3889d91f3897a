import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { RouterAnchor } from '../RouterLinks.tsx';
import { RelativeTime } from '../feed/RelativeTime.tsx';

interface CommentHeaderProps {
  author: { username: string; fullName: string | null };
  createdAt: Date;
  deleteLabel: string;
  /** Offered to those who may delete the comment (the server checks again). */
  onDelete?: () => void;
  deleting: boolean;
}

/** A comment's first line: its author (to their profile) and time, and a delete button for those who may. */
export function CommentHeader({ author, createdAt, deleteLabel, onDelete, deleting }: CommentHeaderProps) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <Group gap={8} miw={0} wrap="wrap">
        <RouterAnchor to="/profile/$username" params={{ username: author.username }} size="sm" fw={600} c="var(--mantine-color-text)">
          {author.fullName ?? author.username}
        </RouterAnchor>
        <RelativeTime date={createdAt} />
      </Group>
      {onDelete && (
        <Tooltip label={deleteLabel} withArrow openDelay={300}>
          <ActionIcon variant="subtle" color="gray" size="sm" onClick={onDelete} loading={deleting} aria-label={deleteLabel}>
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
