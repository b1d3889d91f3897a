/** The learning view's pages are lessons (by id) and modules' own pages, told apart by this prefix. */
const OVERVIEW = 'module:';

export const overviewKey = (moduleId: string) => `${OVERVIEW}${moduleId}`;

/** The module whose page `key` names, or null for a lesson. */
export const moduleOfOverview = (key: string) => (key.startsWith(OVERVIEW) ? key.slice(OVERVIEW.length) : null);

interface OutlineForPages {
  modules: Array<{ id: string; locked: boolean; hasOverview: boolean; lessons: Array<{ id: string }> }>;
}

/**
 * Where the learning view is: the page shown (the one chosen, else a linked module's own page or
 * first lesson, else the course's first lesson) and the pages before and after it, in reading order
 * (a module's overview, then its lessons), those of locked modules left out.
 */
export function pagesOf(course: OutlineForPages, linkedModuleId: string | undefined, chosen: string | null) {
  const open = course.modules.filter((module) => !module.locked).flatMap((module) => [...(module.hasOverview ? [overviewKey(module.id)] : []), ...module.lessons.map((lesson) => lesson.id)]);
  const first = course.modules[0]?.locked ? null : (course.modules[0]?.lessons[0]?.id ?? open[0] ?? null);
  // A linked module (?module=) opens on its own page, or else its first lesson.
  const linked = course.modules.find((module) => module.id === linkedModuleId && !module.locked);
  const start = linked ? (linked.hasOverview ? overviewKey(linked.id) : (linked.lessons[0]?.id ?? first)) : first;
  const selected = chosen && open.includes(chosen) ? chosen : start;
  const at = selected ? open.indexOf(selected) : -1;
  return { selected, previous: open[at - 1] ?? null, next: open[at + 1] ?? null };
}
