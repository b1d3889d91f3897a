import { type ReactNode, Suspense, useEffect } from 'react';

/** Rendering ahead of time: how many parts the page has (null while not counting). */
let rendered: number | null = null;

/** Rendering ahead of time, a part notes itself as it renders (renderToString renders each part once). */
function notePart() {
  if (rendered !== null) rendered += 1;
}

/** Rendering ahead of time: counts the parts rendered from now until `takePartCount`. */
export function countParts() {
  rendered = 0;
}

export function takePartCount(): number {
  const count = rendered ?? 0;
  rendered = null;
  return count;
}

/** In the browser: how many parts the page rendered ahead of time has, how many have come alive, who waits. */
let expected = 0;
let alive = 0;
const onAllAlive: Array<() => void> = [];

/** Longest a click waits for the parts (a part that never hydrates, say, as the visitor navigated away). */
const PARTS_WAIT_MS = 10_000;

/**
 * Resolves once every part of a page rendered ahead of time has come alive: `count` of them, as the
 * page says (scripts/prerender.ts). boot.tsx waits for it: until then a click is held rather than
 * answered, since a change it made (the language, say) would reach the parts still to hydrate, which
 * would then no longer match the HTML they arrived as. The parts hydrate in passes of their own, and
 * so may the page around them (the router's own boundaries): the count is what tells when all are done.
 */
export function whenPartsAlive(count: number): Promise<void> {
  expected = count;
  if (alive >= expected) return Promise.resolve();
  return new Promise((resolve) => {
    onAllAlive.push(resolve);
    setTimeout(resolve, PARTS_WAIT_MS);
  });
}

/** Inside the boundary: its effect runs when the part's own content is committed. */
function Alive() {
  useEffect(() => {
    alive += 1;
    if (alive >= expected) for (const resolve of onAllAlive.splice(0)) resolve();
  }, []);
  return null;
}

/**
 * A part of a page that, on a page rendered ahead of time, comes alive on its own: React hydrates
 * each Suspense boundary in a pass and a commit of its own after the page around it, so the work of
 * taking a long page over is several short tasks rather than one long one the page cannot answer
 * input in. Rendered in the browser (after a navigation), it is just its children: nothing in it suspends.
 */
export function HydratesApart({ children }: { children: ReactNode }) {
  notePart();
  return (
    <Suspense>
      <Alive />
      {children}
    </Suspense>
  );
}
