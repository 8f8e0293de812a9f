import { type CSSVariablesResolver, createTheme } from "@mantine/core";
import calendar from "./calendar.module.css";

const CALENDAR_ARIA_LABELS = {
  nextMonth: "Next month",
  previousMonth: "Previous month",
  nextYear: "Next year",
  previousYear: "Previous year",
  nextDecade: "Next decade",
  previousDecade: "Previous decade",
};

export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: 7,
  defaultRadius: "md",
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: "700" },
  components: {
    Button: { defaultProps: { radius: "md" } },
    Paper: { defaultProps: { radius: "md" } },
    // a toast's message is gray 6 (3.3:1 on white) by default: gray 8 meets WCAG AA
    Notification: { styles: { description: { color: "var(--mantine-color-gray-8)" } } },
    // the calendar's month arrows are icon-only buttons: without these names axe reports them (button-name)
    DateInput: { defaultProps: { ariaLabels: CALENDAR_ARIA_LABELS }, classNames: { day: calendar.day } },
    DatePickerInput: { defaultProps: { ariaLabels: CALENDAR_ARIA_LABELS }, classNames: { day: calendar.day } },
  },
});

/**
 * WCAG 2.1 AA contrast (4.5:1, checked by axe-core in e2e/accessibility.test.ts): Mantine's dimmed
 * text (gray 6), its placeholders (gray 5) and its light badges (shade 9 on a shade-1 tint) fall short on our white and gray-0
 * backgrounds, so dimmed text and placeholders are gray 7, errors red 8, and light variants sit on the palest tint.
 */
/**
 * Orange 9 and yellow 9 on their palest tint are 3.9:1 and 2.9:1 (a "Support access" or "Consent
 * withdrawn" badge): these two take a darker shade of their own hue, over 5:1.
 */
const LIGHT_TEXT: Record<string, string> = { orange: "#a3360b", yellow: "#8f4a00" };

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-7)",
    // field errors in red 6 on white are 3.3:1: red 8 reads at 5.6:1
    "--mantine-color-error": "var(--mantine-color-red-8)",
    ...Object.fromEntries(
      Object.keys(resolved.colors).flatMap((name) => [
        [`--mantine-color-${name}-light`, `var(--mantine-color-${name}-0)`],
        [`--mantine-color-${name}-light-color`, LIGHT_TEXT[name] ?? `var(--mantine-color-${name}-9)`],
        // hovering keeps the palest tint: shade 9 on shade 1 is under 4.5:1 for some colours (teal 4.3)
        [`--mantine-color-${name}-light-hover`, `var(--mantine-color-${name}-0)`],
      ]),
    ),
  },
  dark: {},
});
