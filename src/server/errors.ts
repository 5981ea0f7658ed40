/**
 * The texts every function answers with when a request cannot be served as sent, in the
 * shopper's words where a form may show them. One table, so the same refusal reads the same on
 * every function.
 */
export const REQUEST_ERRORS = {
  unknownSite: "This site is not available.",
  contentType: "Please send the form as JSON (Content-Type: application/json).",
  badJson: "We could not read the form. Please reload the page and submit it again.",
  tooLarge: "Your message is too long to send. Please shorten it and submit the form again.",
  rateLimited: (seconds: number) =>
    `We have received several enquiries from you in a short time. Please try again in ${seconds} seconds.`,
  unavailable: "Sorry, something went wrong on our side. Please try again in a moment.",
  /** Spec §5: the heading of a form's error list. */
  fixErrors: "Please fix the following errors:",
  unknownCar: "We couldn't find that vehicle. It may have been sold or removed.",
  unknownLocation: "We couldn't find that dealership location.",
} as const;

/** A shopper's JSON body is never bigger than this unless a function says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024;
