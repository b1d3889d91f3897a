/** The join page (built with the join flow); a plain path, so it works before that route exists. */
export const joinPath = (communityName: string) => `/${encodeURIComponent(communityName)}/join`;
