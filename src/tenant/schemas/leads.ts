import { z } from "zod";

/**
 * A CRM address a site posts to. http: is accepted for local stand-ins; a deployed site sends only
 * to https: (src/features/leads/outbox/send.server.ts), so a mistake there shows as a waiting lead.
 */
const crmUrl = z.url({ protocol: /^https?$/ });

/** Names a channel in the outbox; needed only when a site has two channels of one type. */
const channelId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "must be lower-case letters, digits and hyphens (at most 40)");

/** Today's JSON webhook: `{ lead_id, tenant, kind, fields, created_at }`. */
const webhookChannel = z
  .object({ type: z.literal("webhook"), id: channelId.optional(), url: crmUrl })
  .strict();

/** ADF 1.0 XML by email to the CRM's lead intake address (the usual way into dealer CRMs). */
const adfEmailChannel = z
  .object({
    type: z.literal("adf-email"),
    id: channelId.optional(),
    to: z.email(),
    cc: z.array(z.email()).max(5).optional(),
  })
  .strict();

/** ADF 1.0 XML POSTed as `application/x-adf+xml`. */
const adfHttpChannel = z
  .object({ type: z.literal("adf-http"), id: channelId.optional(), url: crmUrl })
  .strict();

export const deliveryChannelSchema = z.discriminatedUnion("type", [
  webhookChannel,
  adfEmailChannel,
  adfHttpChannel,
]);
export type DeliveryChannelConfig = z.infer<typeof deliveryChannelSchema>;

/** The key a channel's outbox rows carry: its `id`, else its type. */
export const channelKey = (channel: Pick<DeliveryChannelConfig, "type" | "id">) => channel.id ?? channel.type;

/** Where this site's leads go (docs/architecture.md §6–7); env overrides: leads/outbox/channels.server.ts */
export const leadsSchema = z
  .object({
    /** Shorthand for one `{ "type": "webhook", "url" }` channel (the older form; still read). */
    crm_webhook_url: crmUrl.optional(),
    /** Each channel gets every lead, with its own outbox row and retries. */
    delivery: z
      .array(deliveryChannelSchema)
      .min(1)
      .max(5)
      .superRefine((channels, ctx) => {
        const seen = new Set<string>();
        channels.forEach((channel, index) => {
          const key = channelKey(channel);
          if (seen.has(key))
            ctx.addIssue({
              code: "custom",
              path: [index, "id"],
              message: `two channels are both called "${key}": give each an "id"`,
            });
          seen.add(key);
        });
      })
      .optional(),
  })
  .strict()
  .refine((leads) => !(leads.crm_webhook_url && leads.delivery), {
    message:
      'use either "crm_webhook_url" or "delivery" (add the webhook to "delivery" as { "type": "webhook", "url" })',
  });
