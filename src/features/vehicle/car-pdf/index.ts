/**
 * GET /api/car-pdf?slug= (spec §7 "car PDF fetch by slug returns file blob"): a one-page A4 PDF of
 * a published car (first photo, name, price, key specs, dealer details) named `{slug}.pdf`. A car
 * whose photo cannot be had still gets its PDF, without it.
 *
 * No image library: a deployed function asks the site's image CDN for the photo as a JPEG sized for
 * the sheet (`sheetPhotoUrl`) and embeds it as it comes. pdf-lib embeds JPEG and PNG itself, so
 * locally, and when the CDN will not serve a photo, the original is embedded as it is when it is one
 * of those. sharp would put libvips (about 19 MB) into the function's bundle.
 */
export {
  CAR_PDF_LIMITS,
  createCarPdfHandler,
} from "./handler.server";
export { readPhoto, sheetPhoto } from "./photo.server";
