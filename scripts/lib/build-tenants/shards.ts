/** Build shards: one Astro process per core for a big tenant (src/tenant/shard.ts picks each page's). */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * Cars per extra Astro process. Each shard bundles the project again (~3 s of CPU), so on two
 * cores sharding pays from about 1,500 cars (measured: 1,000 cars 10.5 s → 11.7 s sharded;
 * 5,000 cars 33 s → 25 s).
 */
export const MIN_CARS_PER_SHARD = 800;

/** How many shards to split a tenant's car pages into, given the cores it may use. */
export function shardCount(published: number, cores: number, requested?: number): number {
  if (requested !== undefined && Number.isInteger(requested) && requested >= 1) return requested;
  return Math.max(1, Math.min(cores, Math.floor(published / MIN_CARS_PER_SHARD)));
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
