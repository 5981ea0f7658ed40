import type { Theme } from "~/tenant/schemas/theme";

/** The tenant theme as CSS custom properties (the design tokens every stylesheet uses). */
export function themeVariables(theme: Theme): string {
  const vars: Record<string, string> = {
    "--primary": theme.primary,
    "--on-primary": theme.on_primary,
    "--accent": theme.accent,
    "--background": theme.background,
    "--surface": theme.surface,
    "--text": theme.text,
    "--muted": theme.muted,
    "--link": theme.primary,
    "--font-body": theme.font_body,
    "--font-heading": theme.font_heading ?? theme.font_body,
    "--radius": `${theme.radius}px`,
  };
  return Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
}
