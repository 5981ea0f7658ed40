/** What a build is asked to do, and what it reports per tenant. */

export interface BuildOptions {
  tenantsDir: string;
  slugs: string[];
  distDir?: string;
  reportsDir?: string;
  cacheDir?: string;
  now?: Date;
  allowShrink?: boolean;
  concurrency?: number;
  /** Cores this tenant's build may use (buildTenants shares the machine's among the tenants it builds at once). */
  cores?: number;
  /**
   * Memory (MB) this tenant's Astro processes may hold at once (buildTenants shares the budget among
   * the tenants it builds at once); default MEMORY_BUDGET_MB (shards.ts).
   */
  memoryMb?: number;
  /** Astro processes for one tenant; default: up to one per free core, one per 800 cars, as many as fit in memoryMb. */
  shards?: number;
  /** Render every page, ignoring the build cache (`astro build --force`); the cache is still refreshed. */
  fresh?: boolean;
  /**
   * The truncated-feed guard's baseline kept in the database (cars the tenant's last published
   * build published): it outlives a cleared build cache. Null falls back to last-build.json.
   */
  feedBaseline?: (slug: string) => Promise<number | null>;
  /** What started the build, for the build history (webhook, start, deploy…). */
  trigger?: string;
  log?: (line: string) => void;
}

export interface TenantResult {
  slug: string;
  ok: boolean;
  error?: string;
  received?: number;
  published?: number;
  quarantined?: number;
  hidden?: number;
  pages?: number;
  /** Pages copied from the build cache instead of rendered (their data had not changed). */
  reused?: number;
  seconds: number;
  /**
   * Set when the build published no car while it quarantined rows: the summary shows the tenant as
   * `empty` with these first rows' messages, so a feed nothing of which matches is never an "ok".
   */
  empty?: { feedReport: string; firstQuarantined: string[] } | undefined;
  peakRssMb?: number;
  shards?: number;
}
