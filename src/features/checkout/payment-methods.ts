/** Spec §9 "Payment logos: Mastercard, Visa, Maestro, Google Pay, Apple Pay", in that order. */
export const PAYMENT_METHODS = ["Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
