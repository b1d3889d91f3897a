import { useNavigate, useSearch } from '@tanstack/react-router';

/**
 * What a link into a community page points at (?post=, ?comment=, ?event=: where the bell's
 * notifications lead), and a way to let go of it once seen. Outside a community page, nothing.
 */
export function useDeepLink() {
  const search = useSearch({ from: '/community/$communityName', shouldThrow: false });
  const navigate = useNavigate();
  return {
    post: search?.post,
    comment: search?.comment,
    event: search?.event,
    clear: (...keys: ('post' | 'comment' | 'event')[]) =>
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, ...Object.fromEntries(keys.map((key) => [key, undefined])) }),
        replace: true,
        resetScroll: false,
      }),
  };
}
