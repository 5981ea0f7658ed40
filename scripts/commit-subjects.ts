/**
 * `npm run check`: every commit subject since the rule began is at most 72 characters, so
 * `git log --oneline` and review tools show it whole; the why goes in the body. Older commits are
 * left as they are (history is not rewritten).
 */
import { execFileSync } from "node:child_process";

const SUBJECT_MAX = 72;
/** Commits from this instant on follow the rule. */
const RULE_SINCE = "2026-11-29T08:30:00Z";

let log: string;
try {
  log = execFileSync("git", ["log", `--since=${RULE_SINCE}`, "--format=%h%x09%s"], { encoding: "utf8" });
} catch (error) {
  console.error(`Cannot read the commit log (is this a git clone?): ${(error as Error).message}`);
  process.exit(1);
}
const long = log
  .split("\n")
  .filter(Boolean)
  .map((line) => line.split("\t") as [string, string])
  .filter(([, subject]) => [...subject].length > SUBJECT_MAX);
if (long.length > 0) {
  for (const [hash, subject] of long) console.error(`${hash}: ${[...subject].length} characters: ${subject}`);
  console.error(`\nCommit subjects are at most ${SUBJECT_MAX} characters; the why goes in the body.`);
  process.exit(1);
}
console.log(`✔ commit subjects within ${SUBJECT_MAX} characters`);
