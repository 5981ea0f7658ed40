/** All the tenants asked for, a few side by side, and the summary table `npm run build` prints. */
import os from "node:os";
import { buildTenant } from "./build-tenant";
import type { BuildOptions, TenantResult } from "./options";
import { MEMORY_BUDGET_MB } from "./shards";

/** Builds every tenant, `concurrency` at a time; one failure never stops the others. */
export async function buildTenants(options: BuildOptions): Promise<TenantResult[]> {
  const queue = [...options.slugs];
  const results: TenantResult[] = [];
  const available = os.availableParallelism();
  const concurrency = Math.max(1, Math.min(options.concurrency ?? Math.min(2, available), queue.length));
  // Tenants built side by side share the cores; one tenant alone may shard across all of them.
  const cores = options.cores ?? Math.max(1, Math.floor(available / concurrency));
  // And the memory: their shards must fit in the budget side by side.
  const memoryMb = Math.floor((options.memoryMb ?? MEMORY_BUDGET_MB) / concurrency);
  const workers = Array.from({ length: concurrency }, async () => {
    for (let slug = queue.shift(); slug; slug = queue.shift()) {
      results.push(await buildTenant(slug, { ...options, cores, memoryMb }));
    }
  });
  await Promise.all(workers);
  return options.slugs.map((slug) => results.find((result) => result.slug === slug) as TenantResult);
}

export function summaryTable(results: TenantResult[]): string {
  const header = ["tenant", "status", "published", "hidden", "quarantined", "pages", "seconds"];
  const rows = results.map((r) => [
    r.slug,
    r.ok ? (r.empty ? "empty" : "ok") : "FAILED",
    String(r.published ?? "-"),
    String(r.hidden ?? "-"),
    String(r.quarantined ?? "-"),
    String(r.pages ?? "-"),
    r.seconds.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ");
  const table = [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)];
  // An empty site is a warning, not a failure: said under the table, where nobody misses it.
  const warnings = results.flatMap((r) =>
    r.ok && r.empty
      ? [
          "",
          `WARNING ${r.slug}: published no cars, and ${r.quarantined} feed ` +
            `${r.quarantined === 1 ? "row was" : "rows were"} quarantined ` +
            `(${r.empty.feedReport} lists each). The first:`,
          ...r.empty.firstQuarantined.map((message) => `  ${message}`),
        ]
      : [],
  );
  return [...table, ...warnings].join("\n");
}
