/**
 * A scheduled function (no path, not an HTTP endpoint), written one way: it runs over the rows its
 * worker scope allows (src/server/deploy.ts: the deploy's TENANT, or every tenant for the local
 * all-tenant server) and answers what it did as JSON. A deployed one without TENANT refuses to run
 * and says why, in the log and in a 500, since the database is shared by every tenant's site.
 */
import { listTenantSlugs, tenantsDir } from "~/tenant/load";
import { workerScope } from "./deploy";
import { json } from "./http";

interface Scope {
  /** The one tenant this run may touch, or null for every tenant (local all-tenant server only). */
  tenant: string | null;
}

/** The tenants of a scope, by slug: its own, or every tenant under tenants/. */
export function scopeTenants(scope: Scope): string[] {
  return scope.tenant ? [scope.tenant] : listTenantSlugs(tenantsDir());
}

/** The handler of scheduled function `name`: `run` over its scope, its result answered as JSON. */
export function scheduled(
  name: string,
  run: (scope: Scope) => Promise<unknown>,
): (req: Request) => Promise<Response> {
  return async () => {
    let scope: Scope;
    try {
      scope = workerScope(`The ${name} scheduled function`);
    } catch (error) {
      console.error(`[${name}] ${(error as Error).message}`);
      return json({ error: (error as Error).message }, 500);
    }
    return json(await run(scope));
  };
}
