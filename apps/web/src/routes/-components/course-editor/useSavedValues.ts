import type { UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';

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
