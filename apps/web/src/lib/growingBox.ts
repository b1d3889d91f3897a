import type { CSSProperties } from 'react';
import classes from './growingBox.module.css';

/**
 * Whether the browser sizes a text box to its content itself (CSS `field-sizing`: Chromium, Safari).
 * The server renders as if it does (most browsers), so the page it writes hydrates unchanged there.
 */
const sizedByBrowser = typeof CSS === 'undefined' || CSS.supports('field-sizing', 'content');

/**
 * The props of a Mantine Textarea that grows from `minRows` to `maxRows` rows with its text. Where
 * the browser can, it sizes the box itself: Mantine's `autosize` measures each box with a hidden copy
 * as it mounts (a layout per box: ten on a feed's first screen, each in the task that hydrates it).
 * Elsewhere, `autosize` as before.
 */
export function growingBox(minRows: number, maxRows: number) {
  if (!sizedByBrowser) return { autosize: true, minRows, maxRows } as const;
  return {
    rows: minRows,
    classNames: { input: classes.grows },
    styles: { input: { '--grow-min-rows': minRows, '--grow-max-rows': maxRows } as CSSProperties },
  } as const;
}
