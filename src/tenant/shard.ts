/**
 * Build shards. Astro renders a site's pages on one core; scripts/lib/build-tenants/ splits a big
 * tenant's vehicle pages across several Astro processes (one per core) and merges their output.
 * Shard `index` of `count` renders the car pages whose slug hashes to it (so a car stays in its
 * shard, and its build cache, when others come and go); every other route (search pages, content
 * pages, locations, the sitemap and the search index) is rendered by shard 0 alone.
 * `BUILD_SHARD` / `BUILD_SHARDS` carry the split to each process (build-env.ts); unset means one shard.
 */
import { fnv1a } from "~/lib/hash";
import { buildEnv } from "./build-env";

export interface BuildShard {
  index: number;
  count: number;
}

/** This process's shard, from `BUILD_SHARD` / `BUILD_SHARDS` (build-env.ts). */
export function buildShard(env: NodeJS.ProcessEnv = process.env): BuildShard {
  return buildEnv(env).shard;
}

/** The shard that renders the page of the car with this slug. */
export const shardIndexOf = (slug: string, count: number): number => fnv1a(slug) % count;

/**
 * The car pages this shard renders, chosen by slug hash: shards get a like share, and a car's
 * shard does not change when other cars enter or leave the feed.
 */
export function shardOf<T extends { slug: string }>(
  items: readonly T[],
  shard: BuildShard = buildShard(),
): T[] {
  return shard.count === 1
    ? [...items]
    : items.filter((item) => shardIndexOf(item.slug, shard.count) === shard.index);
}

/** Routes other than car pages: all of them in shard 0, none elsewhere. */
export function primaryShardOnly<T>(items: readonly T[], shard: BuildShard = buildShard()): T[] {
  return shard.index === 0 ? [...items] : [];
}

export const isPrimaryShard = (shard: BuildShard = buildShard()): boolean => shard.index === 0;
