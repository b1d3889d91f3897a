import { useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';

/** The notes' container, loaded after the page (main.tsx); notes shown before it arrives wait in the store. */
export default function NotificationsHost() {
  const { dir } = useDirection();
  return <Notifications position={dir === 'rtl' ? 'top-left' : 'top-right'} limit={3} autoClose={4000} />;
}
