import { loadedOnDemand } from '../../lib/loaded-on-demand.ts';

/**
 * The feed's form schemas (schemas.ts), loaded as a form is first used (a comment box focused, a
 * poll added, an edit opened) rather than with the page: building zod and the schemas was a long
 * task of its own as the posts tab came alive on a phone. Until they are here, a form cannot be sent
 * (its button stays disabled); they arrive long before one is filled in.
 */
export const feedSchemas = loadedOnDemand(() => import('./schemas.ts'));
