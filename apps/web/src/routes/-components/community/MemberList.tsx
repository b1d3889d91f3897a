import { Divider, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CommunityMember } from '../../../lib/community-types.ts';

interface MemberListProps<T extends Pick<CommunityMember, 'userId'>> {
  /** The list's accessible name. */
  label: string;
  members: T[];
  /** Dividers between the rows (the tabs), or none (the sidebar). */
  divided?: boolean;
  children: (member: T) => ReactNode;
}

/** People as an accessible list, one row each (usually a MemberRow with its actions). */
export function MemberList<T extends Pick<CommunityMember, 'userId'>>({ label, members, divided = true, children }: MemberListProps<T>) {
  return (
    <Stack gap="sm" role="list" aria-label={label}>
      {members.map((member, index) => (
        // The divider goes inside the row: a list may only hold list items.
        <div role="listitem" key={member.userId}>
          {divided && index > 0 && <Divider mb="sm" />}
          {children(member)}
        </div>
      ))}
    </Stack>
  );
}
