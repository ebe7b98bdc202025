import { Container, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS } from '@careslot/contracts';

/**
 * A deep teal: shade 7, the one buttons and links use, keeps white text above 5:1 contrast (WCAG AA);
 * Mantine's stock teal.6 gives only 2.6:1.
 */
const brand: MantineColorsTuple = [
  '#e7f5f4',
  '#d2ebe9',
  '#a6d8d4',
  '#77c4be',
  '#50b3ac',
  '#36a8a1',
  '#0f8f88',
  '#0b7a74',
  '#0a6f6a',
  '#075a56',
];

/** Ink for headings and body text: a blue-slate that reads as calm rather than black. */
const ink: MantineColorsTuple = [
  '#f2f5f8',
  '#e3e9ef',
  '#c6d1dc',
  '#a5b4c3',
  '#8597aa',
  '#6b7f94',
  '#56697e',
  '#44576b',
  '#2f4256',
  '#1b2b3c',
];

const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  // A visitor who asks the system for less motion gets no animated dialogs, menus or toasts (WCAG 2.3.3).
  respectReducedMotion: true,
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand, ink },
  black: '#1b2b3c',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  // The product's breakpoints (constants.md): xs the responsive width, sm just past mobile (767 px), md the
  // calendar switch, lg the burger menu, xl the 'More' dropdown. hiddenFrom/visibleFrom read these.
  breakpoints: {
    xs: em(BREAKPOINTS.responsive),
    sm: em(BREAKPOINTS.mobile + 1),
    md: em(BREAKPOINTS.calendar),
    lg: em(BREAKPOINTS.burger),
    xl: em(BREAKPOINTS.more),
  },
  focusRing: 'auto',
  components: {
    // Tablets get more breathing room at the edges than phones.
    Container: Container.extend({ defaultProps: { px: { base: 'md', sm: 'xl' } } }),
  },
});

/** Mantine's 'dimmed' grey is 3.3:1 on white; this one is 5.2:1 so secondary text stays readable. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field errors in red.9 (5.9:1 on white): Mantine's red.6 gives only 3.6:1.
  light: { '--mantine-color-dimmed': '#56697e', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
