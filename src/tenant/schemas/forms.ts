import { z } from "zod";

/**
 * Spec §4 "Website location required when shown": the enquiry forms of a site that turns it on ask
 * which of its locations the enquiry is for. Off by default; which forms show it and what it
 * offers: src/features/leads/forms.ts.
 */
const websiteLocationSchema = z
  .object({
    shown: z.boolean().default(false),
    /** The select's label, in the dealer's words ("Preferred yard", "Nearest branch"). */
    label: z.string().trim().min(1).max(40).default("Location"),
  })
  .strict();

/** Per-site lead form settings beyond the feature flags (site.json `forms`). */
export const formsSchema = z
  .object({
    website_location: websiteLocationSchema.default(websiteLocationSchema.parse({})),
  })
  .strict();
