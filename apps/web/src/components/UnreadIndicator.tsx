import { Indicator, useDirection } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/format.ts';

/** Counts past this show as '99+'. */
export const UNREAD_SHOWN_MAX = 99;

/** The top bar's red count on an icon (the messages menu, the bell): hidden at 0, '99+' past 99. */
export function UnreadIndicator({ unread, children }: { unread: number; children: ReactNode }) {
  const { dir } = useDirection();
  return (
    // Indicator puts 'end' on the right whatever the direction.
    <Indicator
      label={unread > UNREAD_SHOWN_MAX ? `${formatCount(UNREAD_SHOWN_MAX)}+` : formatCount(unread)}
      position={dir === 'rtl' ? 'top-start' : 'top-end'}
      size={18}
      color="red"
      offset={-2}
      disabled={unread === 0}
      withBorder
      zIndex={2}
    >
      {children}
    </Indicator>
  );
}
