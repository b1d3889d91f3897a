import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useMe } from '../lib/auth.ts';

/**
 * A closed account ('Delete my account') signed in again may only restore it: whatever page it
 * opens, it is sent to /restore-account (the server refuses it everything else).
 */
export function ClosedAccountGate() {
  const me = useMe();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const closed = !!me.data?.closedAt;
  useEffect(() => {
    if (closed && pathname !== '/restore-account') void navigate({ to: '/restore-account', replace: true });
  }, [closed, pathname, navigate]);
  return null;
}
