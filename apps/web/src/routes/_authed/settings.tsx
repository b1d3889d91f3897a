import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../components/NotFound.tsx';

// Protected now; the Profile and Notifications forms arrive with the profiles issue.
export const Route = createFileRoute('/_authed/settings')({
  component: NotFound,
});
