import type { FileRouteTypes } from '../routeTree.gen.ts';

/**
 * Pages the spec names whose routes are not built yet (another issue builds them). Links to them are
 * plain anchors, as a typed link cannot name a route that does not exist; every other internal link
 * uses the router's `to`, so a wrong path there is a type error.
 */
export const PLANNED_PATHS = {
  feedbacks: '/feedbacks',
} as const;

type AppPath = FileRouteTypes['fullPaths'];
type PlannedPath = (typeof PLANNED_PATHS)[keyof typeof PLANNED_PATHS];
type Assert<T extends true> = T;

/** Fails to compile once a planned page is in the route tree: its links should then become typed ones. */
export type PlannedPathsAreNotRoutesYet = Assert<[Extract<PlannedPath, AppPath>] extends [never] ? true : false>;
