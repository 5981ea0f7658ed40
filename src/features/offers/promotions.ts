/**
 * The home page's promotions slider (spec §9: images 540×1920): which slides show, their order and
 * when it moves on its own. Pure: it ships in the slider's script.
 */

/** The banners' size (spec §9): 1920 wide, 540 high, so the slider keeps that shape. */
export const PROMOTION_WIDTH = 1920;
export const PROMOTION_HEIGHT = 540;
/** How long a slide stays before the next when nobody is looking at the controls. */
export const PROMOTION_INTERVAL_MS = 6000;

/** The slide `step` away from `index`, going round at either end. */
export function slideAfter(index: number, count: number, step: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** What a screen reader calls a slide, and the visible position. */
export function slidePosition(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}

/**
 * Whether the slider moves on its own: never with one slide, never when the shopper asks for
 * reduced motion, never while paused (the button), and not while a pointer rests on it or focus is
 * inside it (WCAG 2.2.2).
 */
export function autoplays(state: {
  count: number;
  reducedMotion: boolean;
  paused: boolean;
  hovered: boolean;
  focused: boolean;
}): boolean {
  return state.count > 1 && !state.reducedMotion && !state.paused && !state.hovered && !state.focused;
}
