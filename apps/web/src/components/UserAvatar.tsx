import { Avatar, type AvatarProps } from '@mantine/core';
import { avatarLetter } from '@app/shared/profile';
import { useState } from 'react';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  username: string | null | undefined;
  avatarUrl: string | null | undefined;
}

/** The avatar image, or the username's first letter (or 'U') when there is none or it fails to load. */
export function UserAvatar({ username, avatarUrl, ...props }: UserAvatarProps) {
  const [failed, setFailed] = useState(false);
  const src = avatarUrl && !failed ? avatarUrl : null;
  return (
    <Avatar src={src} color="brand" imageProps={{ onError: () => setFailed(true), referrerPolicy: 'no-referrer' }} {...props}>
      {avatarLetter(username)}
    </Avatar>
  );
}
