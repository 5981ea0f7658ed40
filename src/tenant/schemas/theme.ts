import { z } from "zod";

const cssColor = z.string().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, "must be a hex colour like #1a2b3c");

/**
 * Theme values are written raw into the page's <style>, so a font list may hold only what a
 * font-family needs: names of letters, digits, spaces and hyphens, each bare or in matching quotes,
 * separated by commas. No `;`, braces, `<`, backslashes or url(): nothing that ends the declaration,
 * the rule or the element.
 */
const FONT_NAME = String.raw`(?:[\p{L}\p{N} -]+|"[\p{L}\p{N} -]+"|'[\p{L}\p{N} -]+')`;
const fontList = z
  .string()
  .max(200)
  .regex(
    new RegExp(`^ *${FONT_NAME}(?: *, *${FONT_NAME})* *$`, "u"),
    `must be a font list like "Segoe UI", Arial, sans-serif (letters, digits, spaces, hyphens, quotes and commas only)`,
  );

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
    font_body: fontList.default(
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    ),
    /** Font stack for headings. */
    font_heading: fontList.optional(),
    /** Corner radius of cards and buttons, in px. */
    radius: z.number().int().min(0).max(32).default(8),
  })
  .strict();

export type Theme = z.infer<typeof themeSchema>;
