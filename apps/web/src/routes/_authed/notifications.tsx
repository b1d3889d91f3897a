import { Container, Paper } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { NotificationCenter } from '../../components/notifications/NotificationCenter.tsx';
import { notificationsQueryOptions } from '../../components/notifications/queries.ts';

/** The notifications as a page of their own: where the bell leads on phones (and 'See all' on wider screens). */
export const Route = createFileRoute('/_authed/notifications')({
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(notificationsQueryOptions(context.trpc)),
  component: NotificationsPage,
});

function NotificationsPage() {
  return (
    <Container size="sm" py={{ base: 'sm', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
        <NotificationCenter variant="page" />
      </Paper>
    </Container>
  );
}
