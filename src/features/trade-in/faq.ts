/** Spec §9 Trade-in FAQ: the online-estimate limits and the privacy timings, as shoppers read them. */
import { ONLINE_ESTIMATE_LIMITS } from "./trade-in";

/** Spec §9: accordion animates 300 ms. */
export const FAQ_ACCORDION_MS = 300;

export const TRADE_IN_FAQ = [
  {
    question: "Can every car get an online estimate?",
    answer: `No. We can't give an online estimate for cars over ${ONLINE_ESTIMATE_LIMITS.maxAgeYears} years old or with more than 100,000 km. Send us your details anyway: our team will value your car in person.`,
  },
  {
    question: "Is the online offer final?",
    answer:
      "Your offer is based on the details and condition you give us. We confirm it when we inspect your car, usually when you visit the dealership.",
  },
  {
    question: "What do I need to bring?",
    answer:
      "Your car, its registration papers, the service books, every key, and a payout letter from your lender if there is finance owing.",
  },
  {
    question: "Can I trade in a car that still has finance owing?",
    answer:
      "Yes. Tell us roughly how much is owing and we will settle it with your lender as part of the deal.",
  },
  {
    question: "How do you handle my personal information?",
    answer:
      "We only use your details to value your car and contact you about it. If you ask about your personal information, we acknowledge your request within 7 days, and we give you access or resolve your complaint within 30 days.",
  },
] as const;
