import { z } from 'zod';
import { memberActionInput } from './communities.ts';
import { ASSIGNABLE_ROLES } from './plain/roles.ts';

/** Giving a member a role: its input (the roles, and who may do what: plain/roles.ts). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/roles.ts';

export const setRoleInput = memberActionInput.extend({
  role: z.enum(ASSIGNABLE_ROLES, { error: 'Choose admin, moderator or member.' }),
});
export type SetRoleInput = z.infer<typeof setRoleInput>;
