import { Anchor, type CSSVariablesResolver, createTheme, Drawer, darken, Modal, Table } from '@mantine/core';

/**
 * The console's one theme (STYLE.md, Mantine conventions): components style through it and CSS
 * modules. Its colours keep text at WCAG AA contrast (4.5:1) in the light and the dark scheme,
 * which axe-core checks on every screen (tests/e2e/accessibility.e2e.test.ts): Mantine's default
 * primary shade 6 under white text and its dimmed grey fall short of it.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  // Text on filled colours turns dark where white would not stand out (yellow, teal, …).
  autoContrast: true,
  // Where white and near-black text both reach 4.5:1 on the filled colour (relative luminance 0.175–0.183).
  luminanceThreshold: 0.18,
  focusRing: 'auto',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  components: {
    // A link inside text is told apart by more than its colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Mantine's close button is an icon with no name of its own.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Table: Table.extend({ defaultProps: { highlightOnHover: true, verticalSpacing: 'xs' } }),
  },
});

/** Colours kept apart from the scheme-neutral palette: `dark` is the dark scheme's own greys. */
const NEUTRAL = new Set(['dark', 'gray']);
/** Colours whose darkest shade is still bright: their text on their own light background (an
 * Alert's title) needs more darkening to reach 4.5:1 (yellow's reached 4.2:1 at 0.2). */
const BRIGHT = new Set(['yellow', 'orange', 'lime']);

/**
 * Readable text in both schemes: the secondary ("dimmed") text on the page and on the grey
 * navigation; in the light scheme, coloured text (`c="red"`) and the text of light badges and
 * buttons, whose Mantine defaults (shades 6–9 on shade 0–1) reach only 3.3–4.3:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5c636a' };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    if (NEUTRAL.has(name)) continue;
    light[`--mantine-color-${name}-text`] = shades[9];
    light[`--mantine-color-${name}-light-color`] = darken(shades[9], BRIGHT.has(name) ? 0.35 : 0.2);
  }
  return { variables: {}, light, dark: { '--mantine-color-dimmed': resolved.colors.dark[1] } };
};
