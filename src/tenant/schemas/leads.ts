import { z } from "zod";

/** Where this site's leads go (ARCHITECTURE.md §6). CRM_WEBHOOK_URL in the environment wins over it. */
export const leadsSchema = z
  .object({
    /** The dealer's CRM webhook: each lead is POSTed as JSON `{ lead_id, tenant, kind, fields, created_at }`. */
    crm_webhook_url: z.url({ protocol: /^https?$/ }).optional(),
  })
  .strict();

export type LeadsConfig = z.infer<typeof leadsSchema>;
