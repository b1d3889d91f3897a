import { EVENT_MESSAGES } from '@app/shared/plain/calendar';

/** A refusal as the tRPC client reports it: its words and, in `data`, its code. */
interface Refusal {
  message: string;
  data?: { code?: string } | null;
}

/**
 * The form's alert when scheduling fails (spec section 8): the community no longer exists (the only
 * thing calendar.create can fail to find) is 'Could not find community'; anything else is
 * 'Error creating event: {message}'.
 */
export function createFailure(error: Refusal): string {
  return error.data?.code === 'NOT_FOUND' ? EVENT_MESSAGES.communityNotFound : EVENT_MESSAGES.createFailed(error.message);
}
