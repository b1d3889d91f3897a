import { SIGN_IN_ERROR_CODES, type SignInErrorCode } from '@app/shared/constants';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginNoticeKey } from '../lib/auth.ts';
import { oneOf } from '../lib/search.ts';
import { LoginScreen } from './-components/LoginScreen.tsx';

const validateSearch = (search: Record<string, unknown>): { error?: SignInErrorCode } => ({ error: oneOf(SIGN_IN_ERROR_CODES, search.error) });

export const Route = createFileRoute('/login')({
  validateSearch,
  component: LoginPage,
});

function LoginPage() {
  const { error } = Route.useSearch();
  const { t } = useTranslation();
  // Why sign-in is needed ('Please login to create a community.'), read once from where the person was going.
  const [noticeKey] = useState(loginNoticeKey);
  return <LoginScreen errorCode={error} notice={noticeKey ? t(noticeKey) : undefined} />;
}
