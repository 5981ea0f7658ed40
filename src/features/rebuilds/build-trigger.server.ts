/**
 * How a tenant's rebuild is started. Deployed: a POST to the site's Netlify build hook
 * (`BUILD_HOOK_URL`), retried with backoff. Under `npm start`: the local server registers a builder
 * that rebuilds the tenant in the background (scripts/lib/local-rebuild.ts).
 */
import { tenantSetting } from "~/server/deploy";
import { NO_REDIRECTS, redirectRefusal } from "~/server/outbound";
import { hookRetryDelayMs, isRetryableStatus } from "./rebuilds";

export type StartResult = { ok: true } | { ok: false; error: string };
/** Starts a rebuild of `tenant` (resolves once it is asked for, not when it is done). */
export type Builder = (tenant: string) => Promise<StartResult>;

/** Stays inside a synchronous function's time limit: three tries over about 4 s at most. */
export const HOOK_ATTEMPTS = 3;
const HOOK_TIMEOUT_MS = 4_000;

export interface HookOptions {
  attempts?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  retryBaseMs?: number;
  log?: (line: string) => void;
}

/**
 * POSTs the build hook, retrying a network error, a timeout or an answer worth retrying (408, 429,
 * 5xx) with backoff. A 4xx other than those means the hook itself is wrong: no retry helps.
 */
export async function callBuildHook(
  url: string,
  tenant: string,
  options: HookOptions = {},
): Promise<StartResult> {
  const attempts = options.attempts ?? HOOK_ATTEMPTS;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const log = options.log ?? ((line: string) => console.warn(line));
  let error = "not tried";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(hookRetryDelayMs(attempt - 1, options.retryBaseMs));
    try {
      // Netlify's build hooks take an optional title shown in the deploy list.
      const response = await doFetch(
        `${url}${url.includes("?") ? "&" : "?"}trigger_title=${encodeURIComponent("Stock feed changed")}`,
        {
          method: "POST",
          signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
          ...NO_REDIRECTS,
        },
      );
      await response.body?.cancel().catch(() => {});
      const redirect = redirectRefusal(response, "The build hook");
      if (redirect) {
        // The hook's address is wrong: asking again only meets the same redirect.
        error = redirect;
        log(`[stock-feed] ${tenant}: ${error} (attempt ${attempt} of ${attempts})`);
        break;
      }
      if (response.ok) return { ok: true };
      error = `build hook answered HTTP ${response.status}`;
      if (!isRetryableStatus(response.status)) break;
    } catch (cause) {
      error = `build hook unreachable: ${(cause as Error).message}`;
    }
    log(`[stock-feed] ${tenant}: ${error} (attempt ${attempt} of ${attempts})`);
  }
  return { ok: false, error };
}

const LOCAL_BUILDER = Symbol.for("dealer-sites.local-stock-builder");
type WithBuilder = typeof globalThis & { [LOCAL_BUILDER]?: Builder };

/**
 * The local server's background rebuilder. Kept on globalThis: the server loads function modules
 * by file URL, and both must see the same registration whatever module instance they hold.
 */
export function registerLocalBuilder(builder: Builder | null): void {
  if (builder) (globalThis as WithBuilder)[LOCAL_BUILDER] = builder;
  else delete (globalThis as WithBuilder)[LOCAL_BUILDER];
}

/**
 * Who starts `tenant`'s rebuilds here: the local rebuilder under `npm start`, else its build hook
 * (`BUILD_HOOK_URL_<SLUG>`, or `BUILD_HOOK_URL` on its own site), else nobody.
 */
export function builderFor(tenant: string, env: NodeJS.ProcessEnv = process.env): Builder | null {
  const local = (globalThis as WithBuilder)[LOCAL_BUILDER];
  if (local) return local;
  const hook = tenantSetting("BUILD_HOOK_URL", tenant, env);
  if (!hook) return null;
  return (slug) => callBuildHook(hook, slug);
}
