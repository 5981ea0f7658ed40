/** Picture sizes and loading shared by the media panels. */
import { GALLERY_SIZE, SPIN_SIZE } from "../viewer";

/** About an 812 px column beside the summary on desktop, the full width on phones. */
export const SIZES = "(min-width: 1232px) 812px, (min-width: 960px) calc(100vw - 420px), 100vw";
export const WIDTHS = [640, 960, 1200];
export const PHOTO = { width: GALLERY_SIZE.width * 2, height: GALLERY_SIZE.height * 2 };
export const SPIN = { width: SPIN_SIZE.width * 2, height: SPIN_SIZE.height * 2 };

/** The opening panel's first picture is the page's largest paint: load it first. */
export const priority = (first: boolean) =>
  first
    ? ({ loading: "eager", fetchpriority: "high" } as const)
    : ({ loading: "lazy", decoding: "async" } as const);
