import { Avatar, Indicator, useDirection, VisuallyHidden, type AvatarProps } from '@mantine/core';
import { avatarLetter } from '@app/shared/plain/profiles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/format.ts';
import { useOnline } from './presence/context.ts';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  username: string | null | undefined;
  avatarUrl: string | null | undefined;
  /** The person's level in the community shown, as a badge on the avatar. */
  level?: number;
  /** Whose avatar: inside a community (PresenceProvider), a green dot while they are online. */
  userId?: string | null;
}

/**
 * The avatar image, or the username's first letter (or 'U') when there is none or it fails to load;
 * with a level badge when given, and a green dot (named 'Online') while the person is online in the
 * community shown.
 */
export function UserAvatar({ userId, ...props }: UserAvatarProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const online = useOnline(userId);
  const avatar = <LevelAvatar {...props} />;
  // Outside a community no avatar shows a dot.
  if (online === null) return avatar;
  const large = typeof props.size === 'number' && props.size >= 80;
  return (
    // Indicator puts 'end' on the right whatever the direction; the level badge takes the bottom corner.
    // Always there, shown while online: the avatar inside is kept as the person comes and goes.
    <Indicator size={large ? 20 : 12} offset={large ? 12 : 4} position={dir === 'rtl' ? 'top-start' : 'top-end'} color="green.6" withBorder disabled={!online}>
      {avatar}
      {online && <VisuallyHidden role="img" aria-label={t('presence.online')} />}
    </Indicator>
  );
}

function LevelAvatar({ username, avatarUrl, level, ...props }: Omit<UserAvatarProps, 'userId'>) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const [failed, setFailed] = useState(false);
  const src = avatarUrl && !failed ? avatarUrl : null;
  const avatar = (
    <Avatar src={src} color="brand" imageProps={{ onError: () => setFailed(true), referrerPolicy: 'no-referrer' }} {...props}>
      {avatarLetter(username)}
    </Avatar>
  );
  if (level === undefined) return avatar;
  // A big avatar (a profile's) gets a badge to match.
  const large = typeof props.size === 'number' && props.size >= 80;
  return (
    <Indicator
      label={
        <span role="img" aria-label={t('levels.badge', { level })} title={t('levels.badge', { level })}>
          {formatCount(level)}
        </span>
      }
      size={large ? 28 : 17}
      offset={large ? 14 : 4}
      // Indicator puts 'end' on the right whatever the direction.
      position={dir === 'rtl' ? 'bottom-start' : 'bottom-end'}
      color={level >= 5 ? 'orange' : 'brand'}
      withBorder
      fw={700}
      fz={large ? 14 : 10}
    >
      {avatar}
    </Indicator>
  );
}
