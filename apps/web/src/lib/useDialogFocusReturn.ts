import { useEffect, useRef, useState } from 'react';

/**
 * What focus goes back to when a dialog closes: what had it when the dialog opened, or, when that was
 * an item of a menu (gone once the menu closes), the button that opened the menu.
 */
function opener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const targetId = active.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return (targetId ? document.getElementById(targetId) : null) ?? active;
}

/**
 * Gives focus back to a dialog's opener when it closes, for dialogs opened from a menu item. Use it
 * with the Modal's own `returnFocus={false}`, which would aim at the vanished item.
 */
export function useDialogFocusReturn(opened: boolean) {
  const openerRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (opened) {
      openerRef.current = opener();
      return;
    }
    const target = openerRef.current;
    openerRef.current = null;
    if (!target) return;
    // After the dialog's focus trap lets go.
    const timeout = window.setTimeout(() => {
      if (target.isConnected) target.focus({ preventScroll: true });
    }, 10);
    return () => window.clearTimeout(timeout);
  }, [opened]);
}

/**
 * False until a dialog first opens, then true for good (so it still closes with its transition): a
 * dialog never opened is not drawn. Each post has two (report, delete), each a Modal that sets up its
 * portal and ids as it mounts, a render of its own after every post's first.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
