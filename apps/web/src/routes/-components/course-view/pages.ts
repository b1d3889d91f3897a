/** The learning view's pages are lessons (by id) and modules' own pages, told apart by this prefix. */
const OVERVIEW = 'module:';

export const overviewKey = (moduleId: string) => `${OVERVIEW}${moduleId}`;

/** The module whose page `key` names, or null for a lesson. */
export const moduleOfOverview = (key: string) => (key.startsWith(OVERVIEW) ? key.slice(OVERVIEW.length) : null);
