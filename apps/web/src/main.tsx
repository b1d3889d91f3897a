// The styles of the Mantine components the app draws (scripts/mantine-styles.ts), not all of them.
import './mantine.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import start from './boot.tsx';
import { registerServiceWorker } from './lib/push.ts';
import { rememberTimeZone } from './lib/time-zone.ts';

/**
 * The app starts after the first frame: a page rendered ahead of time paints at once, then hydrates.
 * A hidden tab draws no frames: it starts at once.
 *
 * Until it has hydrated, such a page's buttons have no handlers yet: a click on one (or on a link, a
 * box or a label) is held by the page's first script (EARLY_CLICKS_SCRIPT, which runs before this one
 * has even arrived) and done again here once the app has taken the page over, so it is not lost.
 */
interface EarlyClicks {
  /** The elements clicked, in order. */
  held: HTMLElement[];
  /** Stops holding clicks. */
  stop(): void;
}
declare global {
  interface Window {
    earlyClicks?: EarlyClicks;
  }
}

async function go() {
  await start();
  // What follows in tasks of their own, not in the one the page came alive in.
  setTimeout(() => {
    registerServiceWorker();
    rememberTimeZone();
  }, 0);
  const early = window.earlyClicks;
  if (!early) return;
  early.stop();
  for (const target of early.held.splice(0)) if (target.isConnected) target.click();
}

if (document.visibilityState === 'hidden') void go();
else requestAnimationFrame(() => setTimeout(() => void go(), 0));
