/**
 * Where a tenant's leads go at run time: the CRM channels of its published snapshot (the one
 * run-time source of a tenant's config, src/tenant/snapshot.server.ts) with the environment's
 * overrides per tenant on top (src/server/deploy.ts).
 */
import { tenantSetting } from "~/server/deploy";
import { channelKey } from "~/tenant/schemas/leads";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import type { TenantData } from "~/tenant/tenant.server";

/** A tenant's CRM channel as the outbox uses it: config plus environment overrides. */
export type CrmChannel =
  | { key: string; type: "webhook"; url: string | null }
  | { key: string; type: "adf-email"; to: string[]; cc: string[] }
  | { key: string; type: "adf-http"; url: string };

const list = (value: string) =>
  value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Where a tenant's leads go: its config's `leads.delivery` (or its older `crm_webhook_url`), with the
 * environment's overrides on top, each named per tenant (`<NAME>_<SLUG>`) or plain where it can only
 * mean this tenant (see `tenantSetting`): `CRM_WEBHOOK_URL` sets the JSON webhook's address,
 * `CRM_ADF_EMAIL` the ADF email's addresses (comma-separated), `CRM_ADF_HTTP_URL` the ADF HTTP
 * address; each adds its channel when the site has none of that type. A tenant with no channel at
 * all (or no published snapshot yet) gets an unconfigured webhook, so its leads wait rather than vanish.
 */
export function crmChannels(
  tenant: string,
  env: NodeJS.ProcessEnv = process.env,
  data: TenantData | null = tenantSnapshot(tenant, env),
): CrmChannel[] {
  const leads = data?.site.leads;
  const configured =
    leads?.delivery ??
    (leads?.crm_webhook_url ? [{ type: "webhook" as const, url: leads.crm_webhook_url }] : []);
  const channels: CrmChannel[] = configured.map((channel) =>
    channel.type === "adf-email"
      ? { key: channelKey(channel), type: channel.type, to: [channel.to], cc: channel.cc ?? [] }
      : { key: channelKey(channel), type: channel.type, url: channel.url },
  );
  const override = <T extends CrmChannel["type"]>(
    type: T,
    value: string | null,
    apply: (channel: Extract<CrmChannel, { type: T }> | undefined) => CrmChannel,
  ) => {
    if (!value) return;
    const index = channels.findIndex((channel) => channel.type === type);
    const next = apply(channels[index] as Extract<CrmChannel, { type: T }> | undefined);
    if (index === -1) channels.push(next);
    else channels[index] = next;
  };
  const webhook = tenantSetting("CRM_WEBHOOK_URL", tenant, env);
  override("webhook", webhook, (old) => ({ key: old?.key ?? "webhook", type: "webhook", url: webhook }));
  const email = tenantSetting("CRM_ADF_EMAIL", tenant, env);
  override("adf-email", email, (old) => ({
    key: old?.key ?? "adf-email",
    type: "adf-email",
    to: list(email ?? ""),
    cc: old?.cc ?? [],
  }));
  const http = tenantSetting("CRM_ADF_HTTP_URL", tenant, env);
  override("adf-http", http, (old) => ({ key: old?.key ?? "adf-http", type: "adf-http", url: http ?? "" }));
  return channels.length > 0 ? channels : [{ key: "webhook", type: "webhook", url: null }];
}

/** The JSON webhook of a tenant's CRM channels, or null while it has none configured. */
export function crmWebhookUrl(tenant: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const webhook = crmChannels(tenant, env).find((channel) => channel.type === "webhook");
  return webhook?.type === "webhook" ? webhook.url : null;
}

/** The secret a tenant's CRM requests are signed with (`CRM_WEBHOOK_SECRET[_<SLUG>]`), or null. */
export function crmWebhookSecret(tenant: string, env: NodeJS.ProcessEnv = process.env): string | null {
  return tenantSetting("CRM_WEBHOOK_SECRET", tenant, env);
}
