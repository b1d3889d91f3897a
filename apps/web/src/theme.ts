import { createTheme, darken, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#4c6ef5', '#4263eb', '#3b5bdb', '#364fc7',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  // Shade 8 is the lightest that keeps white text on filled buttons and coloured text on white at
  // WCAG AA (4.5:1): brand 5.7:1, red 4.5:1 (shade 6 gave 4.3:1 and 3.8:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Weekends in red and faded days of the next month fall below AA contrast: plain days read as well.
    Calendar: { defaultProps: { hideOutsideDates: true, weekendDays: [] } },
    // The placeholder Mantine focuses in an open menu is a focusable role="presentation", which a
    // menu may not hold; the dropdown itself takes focus instead (arrows then reach the items).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Colours Mantine's defaults leave below WCAG AA (4.5:1) in the light scheme: dimmed text (gray 6,
 * 3.3:1 on white), error text (red 6) and the text of light variants (shade 9 on shade 1: teal 4.3:1,
 * orange 3.6:1), darkened here for every colour at once.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(Object.entries(t.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, darken(shades[9], 0.2)])),
  },
  dark: {},
});
