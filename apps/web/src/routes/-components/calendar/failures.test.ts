import { EVENT_MESSAGES } from '@app/shared/plain/calendar';
import { describe, expect, it } from 'vitest';
import { createFailure } from './failures.ts';

describe("the event form's alerts", () => {
  it("says 'Could not find community' when the community is gone", () => {
    expect(createFailure({ message: 'Community not found.', data: { code: 'NOT_FOUND' } })).toBe('Could not find community');
    expect(EVENT_MESSAGES.communityNotFound).toBe('Could not find community');
  });

  it("says 'Error creating event: {message}' for any other refusal", () => {
    expect(createFailure({ message: 'The cover must be an image you uploaded.', data: { code: 'BAD_REQUEST' } })).toBe(
      'Error creating event: The cover must be an image you uploaded.',
    );
    expect(createFailure({ message: 'Only the owner of this community can do that.', data: { code: 'FORBIDDEN' } })).toBe(
      'Error creating event: Only the owner of this community can do that.',
    );
    // A network failure carries no code.
    expect(createFailure({ message: 'Failed to fetch', data: null })).toBe('Error creating event: Failed to fetch');
  });
});
