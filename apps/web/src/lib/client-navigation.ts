import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

/**
 * For plain anchors to pages that may not be in the route tree yet (/community/{name},
 * /profile/{username}): a plain left click navigates inside the app; modified clicks (new tab,
 * new window) keep the browser's behaviour.
 */
export function useClientNavigation() {
  const router = useRouter();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const href = event.currentTarget.getAttribute('href');
    if (!href?.startsWith('/')) return;
    event.preventDefault();
    router.history.push(href);
  };
}

export const communityPath = (name: string) => `/community/${encodeURIComponent(name)}`;
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;
