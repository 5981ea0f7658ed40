/**
 * Unsubscribe (spec §2 /pages/unsubscribe): a shopper who ticked "subscribe to receive latest
 * offers & product updates" on a form (spec §5 opt-in) asks to stop them. The email is required;
 * a mobile stops texts too. Pure and free of zod (the page ships it); the request's schema is
 * unsubscribe.schema.ts.
 */

/** The reasons offered (optional); the CRM receives the words as shown. */
export const UNSUBSCRIBE_REASONS = [
  "I get too many emails",
  "I have bought a car",
  "I am no longer looking",
  "I never signed up",
  "Another reason",
] as const;

export const UNSUBSCRIBE_TEXTS = {
  doneTitle: "You're unsubscribed",
  done: (dealer: string) => `You won't receive offers or product updates from ${dealer} at this address:`,
  /** Australia's Spam Act 2003 gives a sender 5 working days to act on an unsubscribe. */
  delay: "Messages already on their way may still arrive; please allow up to 5 working days.",
  reason: "Please choose one of the reasons, or leave it blank.",
  unavailable: "We couldn't unsubscribe you just now. Please try again in a moment.",
} as const;
