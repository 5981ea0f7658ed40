import { z } from "zod";

const cssColor = z.string().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, "must be a hex colour like #1a2b3c");

/** A tenant's look, emitted as CSS custom properties on every page. */
export const themeSchema = z
  .object({
    /** Brand colour: header bar, primary buttons. */
    primary: cssColor.default("#0b3d91"),
    /** Text drawn on the brand colour; must contrast with it. */
    on_primary: cssColor.default("#ffffff"),
    /** Second colour: prices, highlights, tags. */
    accent: cssColor.default("#d4202c"),
    /** Page background. */
    background: cssColor.default("#f5f6f8"),
    /** Card and panel background. */
    surface: cssColor.default("#ffffff"),
    /** Body text. */
    text: cssColor.default("#1b1f24"),
    /** Secondary text (spec rows, captions). */
    muted: cssColor.default("#5b6470"),
    /** Font stack for body text (system fonts only: no web-font download). */
    font_body: z
      .string()
      .default('system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'),
    /** Font stack for headings. */
    font_heading: z.string().optional(),
    /** Corner radius of cards and buttons, in px. */
    radius: z.number().int().min(0).max(32).default(8),
  })
  .strict();

export type Theme = z.infer<typeof themeSchema>;
