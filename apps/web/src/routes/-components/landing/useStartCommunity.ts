import { useNavigate } from '@tanstack/react-router';
import { rememberRedirect, useMe } from '../../../lib/auth.ts';

const START_PATH = '/start-community';

/**
 * 'Start Your Free Community': straight to the create-community page when signed in; otherwise the
 * page is remembered for after sign-in and the visitor goes to /login.
 */
export function useStartCommunity() {
  const me = useMe();
  const navigate = useNavigate();
  return () => {
    if (me.data) {
      void navigate({ to: START_PATH });
      return;
    }
    rememberRedirect(START_PATH);
    void navigate({ to: '/login' });
  };
}
