import type { ReactNode } from 'react';
import { levelOf } from '@app/shared/plain/levels';
import { PersonRow } from '../../../components/PersonRow.tsx';
import type { CommunityMember } from '../../../lib/community-types.ts';

interface MemberRowProps {
  member: CommunityMember;
  /** A line under the name (joined or requested date). */
  detail?: ReactNode;
  /** Badges and buttons at the end of the row. */
  children?: ReactNode;
  avatarSize?: number;
}

/** A person in a members list (PersonRow, with their level badge and online dot), then whatever the list adds. */
export function MemberRow({ member, detail, children, avatarSize }: MemberRowProps) {
  return (
    <PersonRow person={{ ...member, level: levelOf(member.points) }} detail={detail} avatarSize={avatarSize}>
      {children}
    </PersonRow>
  );
}
