import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SettingsPage } from './-components/settings/SettingsPage.tsx';

const searchSchema = z.object({
  section: z.enum(['profile', 'notifications']).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/settings')({
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.profiles.notifications.queryOptions()),
  component: Settings,
});

function Settings() {
  const { section = 'profile' } = Route.useSearch();
  return <SettingsPage section={section} />;
}
