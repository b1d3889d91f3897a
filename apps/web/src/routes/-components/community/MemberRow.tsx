import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { levelOf } from '@app/shared/levels';
import type { CommunityMember } from '../../../lib/community-types.ts';
import { RouterAnchor } from '../../../components/RouterLinks.tsx';
import { Handle, HANDLE_LINE } from '../../../components/Handle.tsx';

interface MemberRowProps {
  member: CommunityMember;
  /** A line under the name (joined or requested date). */
  detail?: ReactNode;
  /** Badges and buttons at the end of the row. */
  children?: ReactNode;
  avatarSize?: number;
}

/** A person in a members list: avatar, name, @username (to their profile), then whatever the list adds. */
export function MemberRow({ member, detail, children, avatarSize = 44 }: MemberRowProps) {
  return (
    // On narrow screens the actions move under the person rather than squeezing the name.
    <Group gap="sm" wrap="wrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 'min(100%, 180px)', flex: 1 }}>
        <UserAvatar userId={member.userId} username={member.username} avatarUrl={member.avatarUrl} level={levelOf(member.points)} size={avatarSize} radius="xl" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {member.fullName ?? member.username}
          </Text>
          <RouterAnchor to="/profile/$username" params={{ username: member.username }} size="sm" c="dimmed" truncate {...HANDLE_LINE}>
            <Handle username={member.username} />
          </RouterAnchor>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
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
