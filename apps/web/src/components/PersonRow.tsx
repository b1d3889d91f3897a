import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Handle, HANDLE_LINE } from './Handle.tsx';
import { RouterAnchor } from './RouterLinks.tsx';
import { UserAvatar } from './UserAvatar.tsx';

/** Who a row shows: `userId` gives the avatar its online dot (inside a community), `level` its badge. */
export interface RowPerson {
  userId?: string | null;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  level?: number;
}

interface PersonRowProps {
  person: RowPerson;
  /** A dimmed line under the name (joined, requested, banned or blocked date). */
  detail?: ReactNode;
  /** What goes under that line (a ban's reason). */
  below?: ReactNode;
  /** Badges and buttons at the end of the row. */
  children?: ReactNode;
  avatarSize?: number;
  /** 'listitem' when the row's list is a plain stack rather than a MemberList. */
  role?: 'listitem';
}

/**
 * A person in a list: avatar, name, @username (to their profile), a line or two under them, then the
 * list's badges and buttons, which move under the person on narrow screens rather than squeezing the name.
 */
export function PersonRow({ person, detail, below, children, avatarSize = 44, role }: PersonRowProps) {
  return (
    <Group gap="sm" wrap="wrap" justify="space-between" role={role}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 'min(100%, 180px)', flex: 1 }}>
        <UserAvatar userId={person.userId} username={person.username} avatarUrl={person.avatarUrl} level={person.level} size={avatarSize} radius="xl" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {person.fullName ?? person.username}
          </Text>
          <RouterAnchor to="/profile/$username" params={{ username: person.username }} size="sm" c="dimmed" truncate {...HANDLE_LINE}>
            <Handle username={person.username} />
          </RouterAnchor>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
          {below}
        </Stack>
      </Group>
      {children && (
        <Group gap="xs" wrap="nowrap" ms="auto" style={{ flexShrink: 0 }}>
          {children}
        </Group>
      )}
    </Group>
  );
}
