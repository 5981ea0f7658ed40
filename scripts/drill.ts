/**
 * `npm run drill`: the backup and restore drill (scripts/lib/restore-drill.ts) on a throwaway
 * cluster. `DRILL_LEADS` (default 100,000) leads before the base backup, `DRILL_LEADS_AFTER`
 * (default 10,000) after it; prints the figures and writes reports/drill.json. Exits 1 when the
 * restored cluster misses a lead written before the target time or has one written after it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runDrill } from "./lib/restore-drill";

const count = (value: string | undefined, fallback: number) => {
  const n = Number((value ?? "").replaceAll("_", "").replaceAll(",", ""));
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

const result = await runDrill({
  leads: count(process.env.DRILL_LEADS, 100_000),
  leadsAfterBackup: count(process.env.DRILL_LEADS_AFTER, 10_000),
  log: (line) => console.log(line),
});
console.log(JSON.stringify(result, null, 2));
mkdirSync("reports", { recursive: true });
writeFileSync(path.join("reports", "drill.json"), `${JSON.stringify(result, null, 2)}\n`);
if (!result.ok) {
  console.error(
    `[drill] FAILED: ${result.restoredBeforeTarget} of ${result.beforeTarget} leads before the target restored, ${result.restoredAfterTarget} after it`,
  );
  process.exitCode = 1;
} else
  console.log(
    `[drill] ok: all ${result.beforeTarget.toLocaleString("en-AU")} leads written before the target are back`,
  );
