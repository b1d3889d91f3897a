import type { UseFormReturnType } from '@mantine/form';
import { useRef, useState } from 'react';

/**
 * What the server holds of a module's or lesson's form, so that the form is dirty ('Unsaved
 * changes', asked about before leaving) exactly where it differs from that. A save sends
 * `sending(values)`, the whole form on 'Save Changes' or what the server holds with a new file (an
 * upload is kept at once), and calls `sent()` when it succeeded: the person's other edits stay
 * unsaved. One save at a time: the pane's Save waits while a file uploads.
 */
export function useSavedValues<V extends object>(form: UseFormReturnType<V>, initial: V) {
  const held = useRef(initial);
  const inFlight = useRef<V | null>(null);
  return {
    /** What the server holds now. */
    current: () => held.current,
    /** Records the values a save is about to send, and returns them. */
    sending: (values: V) => (inFlight.current = values),
    /** The save of the recorded values succeeded. */
    sent: () => {
      if (!inFlight.current) return;
      held.current = inFlight.current;
      inFlight.current = null;
      form.resetDirty(held.current);
    },
  };
}

/**
 * Whether a module's or lesson's saved copy may fill its form: not while a copy from the cache is
 * being fetched again as the item opens (the form reads its values once, so a stale copy, such as
 * one from before a file was kept, would stay in the form and be saved back). Once the form shows,
 * later refetches leave it alone: `id` is the item shown.
 */
export function useReadyToEdit(query: { isSuccess: boolean; isFetching: boolean }, id: string): boolean {
  const [shownFor, setShownFor] = useState<string | null>(null);
  const ready = query.isSuccess && (!query.isFetching || shownFor === id);
  // Remembered while rendering (React's pattern for state that follows props), not in an effect.
  if (ready && shownFor !== id) setShownFor(id);
  return ready;
}
