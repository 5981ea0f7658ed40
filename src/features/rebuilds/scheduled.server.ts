/**
 * The scheduled pass behind `stock-builds`: start every due build of the worker's tenants (the
 * pinned one when deployed) and drop event ids past their retention.
 */
import type { Db } from "~/lib/db/db.server";
import { type Builder, builderFor } from "./build-trigger.server";
import { claimDueBuild, markStartFailed, pruneStockEvents, tenantsWithDueBuilds } from "./builds.server";

export async function runDueBuilds(
  db: Db,
  tenant: string | null,
  now: Date,
  builder: (slug: string) => Builder | null = (slug) => builderFor(slug),
): Promise<{ started: string[]; failed: string[]; pruned: number }> {
  const started: string[] = [];
  const failed: string[] = [];
  for (const slug of await tenantsWithDueBuilds(db, tenant, now)) {
    const start = builder(slug);
    if (!start || !(await claimDueBuild(db, slug, now))) continue;
    const result = await start(slug);
    if (result.ok) started.push(slug);
    else {
      failed.push(slug);
      console.error(`[stock-builds] ${slug}: rebuild not started: ${result.error}`);
      await markStartFailed(db, slug, result.error, new Date());
    }
  }
  return { started, failed, pruned: await pruneStockEvents(db, tenant, now) };
}
