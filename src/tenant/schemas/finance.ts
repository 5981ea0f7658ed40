import { z } from "zod";

/** Finance providers named by the spec; the key under a car's `finance_lenders`. */
export const FINANCE_PROVIDERS = [
  "youx",
  "taurus",
  "360 Finance",
  "AusLoans",
  "Manual",
  "Angle",
  "Powertorque",
  "Nissan Finance",
] as const;
export const financeProviderSchema = z.enum(FINANCE_PROVIDERS);
export type FinanceProvider = z.infer<typeof financeProviderSchema>;

const rangeSchema = z
  .object({ min: z.number(), max: z.number(), step: z.number().positive() })
  .strict()
  .refine((r) => r.min < r.max, "min must be below max");
const range = (min: number, max: number, step: number) => rangeSchema.default({ min, max, step });

/** A fee the dealer lists beside the calculator; financed once, or added to every monthly repayment. */
const feeSchema = z
  .object({
    label: z.string().min(1),
    amount: z.number().min(0),
    per: z.enum(["once", "month"]).default("once"),
  })
  .strict();

/**
 * Finance calculator constants (spec §9, detail page and dealer variant). Amount, term and interest
 * defaults left out here resolve by variant in `src/features/finance/finance/calculator.ts`,
 * because the dealer variant has its own (purchase price up to 250000, 8.5 %, 5 years).
 */
export const financeCalculatorSchema = z
  .object({
    /** `slider`: the detail page's loan-amount slider. `dealer`: purchase price, deposit/trade-in and residual. */
    variant: z.enum(["slider", "dealer"]).default("slider"),
    /** Loan amount (slider) or purchase price (dealer) range; default 1000–100000 (dealer 1000–250000), step 500. */
    amount: rangeSchema.optional(),
    term_years: range(1, 7, 0.5),
    interest: range(0.5, 15, 0.5),
    /** Starting amount; 30000 unless `default_amount_from` picks the car's price. */
    default_amount: z.number().positive().default(30000),
    /** "deposit-adjusted or car price on some sites" (spec §9). */
    default_amount_from: z.enum(["fixed", "price", "price_less_deposit"]).default("fixed"),
    /** Default term in years: 6 (dealer variant 5). */
    default_term_years: z.number().positive().optional(),
    /** Site default interest rate, % p.a.: 10 (dealer variant 8.5). */
    default_interest: z.number().positive().optional(),
    frequency: z.enum(["week", "fortnight", "month"]).default("week"),
    /** Establishment fee when the car's lender data names none. */
    establishment_fee: z.number().min(0).default(0),
    /** Further fees the dealer lists (security registration, monthly account admin, agency fee…). */
    fees: z.array(feeSchema).default([]),
    /** Round repayments up to whole dollars (spec: "rounded up on one site"). */
    round_up: z.boolean().default(false),
    /** Dealerships (slug or id) whose cars never show a finance estimate (spec §5 exclusions). */
    excluded_dealerships: z.array(z.union([z.string(), z.number().int()])).default([]),
    /**
     * The dealer's advertised finance rate and its comparison rate, % p.a., for the calculator's
     * disclaimer (spec §9: "one disclaimer 6.29% p.a., comparison 8.19%"). Without it the
     * disclaimer quotes no rate: a rate the dealer's lender does not offer is never shown.
     */
    advertised_rate: z
      .object({ interest: z.number().positive().max(100), comparison: z.number().positive().max(100) })
      .strict()
      .optional(),
    /**
     * The lowest and highest comparison rates the dealer's lenders offer, % p.a. (spec §9:
     * "comparison range shown 8.38% to 19.42%"); shown beside the calculator when set.
     */
    comparison_range: z
      .object({ min: z.number().positive().max(100), max: z.number().positive().max(100) })
      .strict()
      .refine((r) => r.min <= r.max, "min must not be above max")
      .optional(),
  })
  .strict();
export type FinanceCalculatorConfig = z.infer<typeof financeCalculatorSchema>;
