/**
 * Every text a function answers with when it cannot serve a request as sent, in the shopper's
 * words where a form may show them. One table, with a section per feature after the one every
 * function shares, so the same refusal reads the same on every function and a new one is written
 * beside its kind. The words are the spec's and the pages': change them only with the spec.
 */

/**
 * Every function: the request itself is not one it can serve. Browser code that shows one of these
 * (a form's error heading) imports this section alone, so a page's scripts carry none of the rest.
 */
export const REQUEST_ERRORS = {
  unknownSite: "This site is not available.",
  contentType: "Please send the form as JSON (Content-Type: application/json).",
  badJson: "We could not read the form. Please reload the page and submit it again.",
  tooLarge: "Your message is too long to send. Please shorten it and submit the form again.",
  rateLimited: (seconds: number) =>
    `We have received several enquiries from you in a short time. Please try again in ${seconds} seconds.`,
  unavailable: "Sorry, something went wrong on our side. Please try again in a moment.",
  /**
   * The site's own write quota is used up for this minute (src/server/quota.server.ts): not the
   * shopper's doing, so it does not say they sent too much, and it says nothing was sent.
   */
  busy: (seconds: number) =>
    `This site is receiving more requests than usual, so this was not sent. Please try again in ${seconds} seconds.`,
  /** Spec §5: the heading of a form's error list. */
  fixErrors: "Please fix the following errors:",
  unknownCar: "We couldn't find that vehicle. It may have been sold or removed.",
  unknownLocation: "We couldn't find that dealership location.",
} as const;

/** A car a shopper asked about by id that is not (or no longer) published. */
const goneCar = "We couldn't find that car. It may have been sold.";

/**
 * The table. Built by a call marked pure: a browser bundle that imports only REQUEST_ERRORS drops
 * the whole table, where a plain object whose sections read REQUEST_ERRORS would leave those reads
 * behind in every form's script.
 */
export const ERRORS = /* @__PURE__ */ (() =>
  ({
    request: REQUEST_ERRORS,

    /** Leads and the trade-in flow: what the shopper reads when a submission is turned away. */
    leads: {
      tooFast: "That was quicker than we expected. Please wait a few seconds and submit the form again.",
      rateLimited: REQUEST_ERRORS.rateLimited,
      /** The same limit on posts that are not enquiries (unsubscribe, online payment). */
      tooManyTries: (seconds: number) =>
        `That's a lot of tries in a short time. Please try again in ${seconds} seconds.`,
      tooLarge: REQUEST_ERRORS.tooLarge,
      contentType: REQUEST_ERRORS.contentType,
      badJson: REQUEST_ERRORS.badJson,
      unknownSite: REQUEST_ERRORS.unknownSite,
      method: "Method not allowed",
      idempotencyKey: "The Idempotency-Key header must be 1 to 200 visible characters.",
      unavailable: "We couldn't send your enquiry just now. Please try again in a moment.",
      /** Postgres refused a value the form sent (see isDataError); retrying the same form cannot help. */
      unreadable:
        "We couldn't save some of what you typed. Please check your details for unusual characters and submit the form again.",
    },

    /** The trade-in flow's calls (its form's own words are the leads section's). */
    tradeIn: {
      unknownCar: goneCar,
    },

    /** Sign-in and the watchlist. */
    account: {
      notOffered: "Sign-in is not offered on this site.",
      otherPhone: "This phone number is not the one you signed in with.",
    },

    /** My Garage. */
    garage: {
      notOffered: "My Garage is not offered on this site.",
      signInNeeded: "Please sign in to use your garage.",
    },

    /** The vehicle page's calls (phone reveal, view counter, car PDF): read by the page's code, not shown. */
    vehicle: {
      tooLarge: "The request body is too large.",
      tooMany: "Too many requests. Please try again shortly.",
      invalidReveal: "Invalid phone reveal record.",
      invalidView: "Invalid view request.",
      invalidPdf: "Invalid PDF request.",
    },

    /** GET /api/appointments. */
    appointments: {
      invalid: "Invalid appointments request.",
    },

    /** Webhooks and the test checkout: answered to a provider or a developer, never a shopper. */
    webhooks: {
      noSecret: "Webhook secret not configured",
      stockNotConfigured: "Stock webhook is not configured",
      noBuildHook: "No build hook is configured for this site",
      tooLarge: "Body too large",
      badSignature: "Bad signature",
      notFound: "Not found",
      unavailable: "Temporarily unavailable, try again shortly",
    },

    /** The finance calls: the car a finance answer is about. */
    finance: {
      unknownCar: goneCar,
    },

    /** GET /api/finance/car. */
    financeCar: {
      badCarId: "Ask with the car's id: /api/finance/car?car_id=123.",
    },

    /** GET /api/finance-disclaimer. */
    disclaimer: {
      badCarId: "Ask with the car's id: /api/finance-disclaimer?car_id=123.",
      noDisclaimer: "There is no finance disclaimer for this car.",
    },

    /** GET /cars/{slug}/autogauge. */
    autogauge: {
      badPath: "Ask for /cars/{slug}/autogauge with the car's slug.",
      noResult: "There is no market comparison for this car.",
    },

    /** POST /api/youx/quote: the page ignores these (spec §8), so they speak to a developer. */
    quote: {
      notOffered: "Quotes are not offered on this site.",
      contentType: "Send the quote request as JSON (Content-Type: application/json).",
      badJson: "The quote request is not valid JSON.",
      invalid: "The quote request is not valid.",
      tooLarge: "The quote request is too large.",
      unavailable: "The quote service is unavailable. Please try again later.",
    },
  }) as const)();

/** A shopper's JSON body is never bigger than this unless a function says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024;
