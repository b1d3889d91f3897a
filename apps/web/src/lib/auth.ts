import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { safeReturnPath } from '@app/shared/paths';
import { useRouter } from '@tanstack/react-router';
import { rateLimitOfResponse } from './rate-limit.ts';
import { useTRPC } from './trpc.ts';
import { STORAGE, store } from './storage-keys.ts';

/** The signed-in user's profile: undefined while loading, null when signed out. */
export function useMe() {
  const trpc = useTRPC();
  return useQuery(trpc.profiles.me.queryOptions());
}

/** Starts sign-in; the server sends the browser to Google (or the local stand-in) and back to /login. */
export function startSignIn() {
  window.location.assign(`/auth/google?returnTo=${encodeURIComponent('/login')}`);
}

/** Remembers where to go after signing in (the login page goes there once signed in). */
export function rememberRedirect(path: string) {
  store.set(STORAGE.redirectPath, path);
}

/** Pages whose sign-in prompt says why the person must sign in first, by path (message catalog keys). */
const LOGIN_NOTICES: Record<string, string> = {
  '/start-community': 'create.loginRequired',
  '/my-communities': 'mine.loginRequired',
};

/** The login page's notice for the page waiting after sign-in, if that page has one. */
export function loginNoticeKey(): string | null {
  const target = store.get(STORAGE.redirectPath);
  if (!target) return null;
  const { pathname } = new URL(safeReturnPath(target), window.location.origin);
  return LOGIN_NOTICES[pathname] ?? null;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: async () => {
      const res = await fetch('/auth/sign-out', { method: 'POST', credentials: 'same-origin' });
      if (!res.ok) throw rateLimitOfResponse(res, 'Sign out failed') ?? new Error('Sign out failed');
    },
    onSuccess: async () => {
      // Sign-out resets everything that belonged to the session; active queries refetch as a visitor.
      await router.navigate({ to: '/' });
      await queryClient.resetQueries();
    },
  });
}
