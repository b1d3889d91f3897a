import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mantineStylesheet, reachedModules, STYLESHEET } from './mantine-styles.ts';

describe("the stylesheet of Mantine's components", () => {
  it('is what the app imports now: run `npm run mantine-styles -w apps/web` after using another component', () => {
    expect(readFileSync(STYLESHEET, 'utf8')).toBe(mantineStylesheet());
  });

  it('follows each component to the ones it is built from', () => {
    const reached = reachedModules();
    // Select (in the app) draws a Combobox in a Popover, over an Input, in a ScrollArea; Button draws an UnstyledButton and a Loader.
    for (const name of ['Combobox', 'Popover', 'Input', 'ScrollArea', 'UnstyledButton', 'Loader', 'Button']) expect(reached.has(name), name).toBe(true);
    // @mantine/notifications draws core's Notification.
    expect(reached.has('Notification')).toBe(true);
    // What nothing the app imports is built from stays out.
    for (const name of ['Stepper', 'Timeline', 'ColorInput', 'PinInput']) expect(reached.has(name), name).toBe(false);
  });

  it('keeps the global styles first, then the components in the order Mantine bundles them', () => {
    const imports = [...mantineStylesheet().matchAll(/styles\/([\w-]+)\.css/g)].map((match) => match[1]);
    expect(imports.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    // A component is built on those before it: UnstyledButton's styles come before Button's, Input's before NumberInput's.
    expect(imports.indexOf('UnstyledButton')).toBeLessThan(imports.indexOf('Button'));
    expect(imports.indexOf('Input')).toBeLessThan(imports.indexOf('NumberInput'));
  });
});
