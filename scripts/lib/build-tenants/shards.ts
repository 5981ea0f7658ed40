/** Build shards: one Astro process per core for a big tenant (src/tenant/shard.ts picks each page's). */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * Cars per extra Astro process. Each shard bundles the project again (~3 s of CPU), so on two
 * cores sharding pays from about 1,500 cars (measured: 1,000 cars 10.5 s → 11.7 s sharded;
 * 5,000 cars 33 s → 25 s).
 */
export const MIN_CARS_PER_SHARD = 800;

/**
 * What a tenant's build may hold in memory at once, over all its Astro processes: a 5,000-car
 * tenant must build within 2 GB on a 2-core build machine (the performance goals), and a build
 * that runs out of memory publishes nothing. `npm run build` takes another figure from
 * BUILD_MEMORY_MB.
 */
export const MEMORY_BUDGET_MB = 2048;

/**
 * The peak memory of one Astro process building a tenant of `published` cars. Every process loads
 * the whole tenant (its search over all cars lists each page's similar cars), so a shard's peak
 * follows the tenant's size, not its share of the pages. Measured peaks: 1,000 cars 960–1,030 MB
 * in one process; 5,000 cars 1,273–1,323 MB in one process and 1,150–1,216 MB in each of two.
 */
export const astroProcessMb = (published: number): number => Math.round(925 + 0.075 * published);

/**
 * How many shards to split a tenant's car pages into: at most one per core, one per
 * MIN_CARS_PER_SHARD cars, and as many processes as fit in `memoryMb` side by side.
 */
export function shardCount(
  published: number,
  cores: number,
  requested?: number,
  memoryMb: number = MEMORY_BUDGET_MB,
): number {
  if (requested !== undefined && Number.isInteger(requested) && requested >= 1) return requested;
  const byCores = Math.min(cores, Math.floor(published / MIN_CARS_PER_SHARD));
  const byMemory = Math.floor(memoryMb / astroProcessMb(published));
  return Math.max(1, Math.min(byCores, byMemory));
}

/**
 * Folds the other shards' output into the first's: their car pages (each rendered by exactly one
 * shard) and any asset the first lacks (content-hashed, so normally none).
 */
export function mergeShards(primary: string, others: readonly string[]): void {
  for (const other of others) {
    for (const folder of ["cars", "_astro"]) {
      const from = path.join(other, folder);
      if (!existsSync(from)) continue;
      mkdirSync(path.join(primary, folder), { recursive: true });
      for (const entry of readdirSync(from)) {
        const to = path.join(primary, folder, entry);
        if (!existsSync(to)) renameSync(path.join(from, entry), to);
      }
    }
    rmSync(other, { recursive: true, force: true });
  }
}
