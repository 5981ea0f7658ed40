/**
 * Fixed lists (spec §7: a secondary query by filter with a limit returns a list of cars), run at
 * build time on the tenant's engine so the home page renders them without a request.
 */
import { ConfigError } from "~/tenant/errors";
import type { FixedListConfig } from "~/tenant/schemas/search";
import type { TenantData } from "~/tenant/tenant.server";
import { type CarSearchDocument, indexUid } from "./documents";
import { sortToMeili } from "./routing";
import { tenantSearch } from "./search.server";

export interface FixedList {
  title: string;
  href: string | undefined;
  cars: CarSearchDocument[];
}

/** Every configured fixed list with its cars; a filter the index cannot run fails the build by name. */
export function fixedLists(tenant: TenantData): FixedList[] {
  return runFixedLists(tenant, tenant.site.search.fixed_lists, "search.fixed_lists");
}

/** Runs lists configured at `field` of site.json (e.g. "eofy_sale.lists"). */
export function runFixedLists(
  tenant: TenantData,
  lists: readonly FixedListConfig[],
  field: string,
): FixedList[] {
  const { site } = tenant;
  const { engine } = tenantSearch(tenant);
  return lists.map((list, i) => {
    try {
      const result = engine.search(indexUid(site), {
        filter: list.filter,
        sort: sortToMeili(list.sort),
        limit: list.limit,
      });
      return { title: list.title, href: list.href, cars: result.hits as CarSearchDocument[] };
    } catch (error) {
      throw new ConfigError(`tenants/${site.slug}/site.json`, [
        `${field}[${i}].filter: ${error instanceof Error ? error.message : String(error)} (got ${JSON.stringify(list.filter)}); use the search filter syntax over filterable attributes, e.g. "price > 1000 AND price <= 20000"`,
      ]);
    }
  });
}
