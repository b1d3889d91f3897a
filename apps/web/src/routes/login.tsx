import { SIGN_IN_ERROR_CODES } from '@app/shared/auth';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginScreen } from './-components/LoginScreen.tsx';

const searchSchema = z.object({
  error: z.enum(SIGN_IN_ERROR_CODES).optional().catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  component: LoginPage,
});

function LoginPage() {
  const { error } = Route.useSearch();
  return <LoginScreen errorCode={error} />;
}
