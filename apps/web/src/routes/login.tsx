import { SIGN_IN_ERROR_CODES, type SignInErrorCode } from '@app/shared/constants';
import { createFileRoute } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loginNoticeKey } from '../lib/auth.ts';
import { oneOf } from '../lib/search.ts';
import { LoginScreen } from './-components/LoginScreen.tsx';

const validateSearch = (search: Record<string, unknown>): { error?: SignInErrorCode } => ({ error: oneOf(SIGN_IN_ERROR_CODES, search.error) });

export const Route = createFileRoute('/login')({
  validateSearch,
  component: LoginPage,
});

/** The stored destination does not change while the login page is open. */
const noChanges = () => () => {};

function LoginPage() {
  const { error } = Route.useSearch();
  const { t } = useTranslation();
  // Why sign-in is needed ('Please login to create a community.'), from where the person was going (kept
  // in this browser): none while hydrating, as in the page rendered ahead of time, then the stored one.
  const noticeKey = useSyncExternalStore(noChanges, loginNoticeKey, () => null);
  return <LoginScreen errorCode={error} notice={noticeKey ? t(noticeKey) : undefined} />;
}
