import { createFileRoute } from '@tanstack/react-router';
import { oneOf } from '../../lib/search.ts';
import { SettingsPage } from './-components/settings/SettingsPage.tsx';

const SECTIONS = ['profile', 'notifications', 'language', 'blocked', 'data'] as const;
const validateSearch = (search: Record<string, unknown>): { section?: (typeof SECTIONS)[number] } => ({ section: oneOf(SECTIONS, search.section) });

export const Route = createFileRoute('/_authed/settings')({
  validateSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.profiles.notifications.queryOptions()),
  component: Settings,
});

function Settings() {
  const { section = 'profile' } = Route.useSearch();
  return <SettingsPage section={section} />;
}
