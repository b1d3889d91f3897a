import { SIGN_IN_ERROR_CODES } from '@app/shared/auth';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loginNoticeKey } from '../lib/auth.ts';
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
  const { t } = useTranslation();
  // Why sign-in is needed ('Please login to create a community.'), read once from where the person was going.
  const [noticeKey] = useState(loginNoticeKey);
  return <LoginScreen errorCode={error} notice={noticeKey ? t(noticeKey) : undefined} />;
}
