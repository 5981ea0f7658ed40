/** `npm run check` refuses a commit subject over 72 characters made since the rule began. */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
let repo: string;
afterEach(() => rmSync(repo, { recursive: true, force: true }));

function commit(subject: string, date: string) {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  const id = ["-c", "user.name=Test", "-c", "user.email=test@example.com"];
  execFileSync("git", [...id, "commit", "-q", "--allow-empty", "-m", subject], { cwd: repo, env });
}

function check() {
  return spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/commit-subjects.ts")],
    {
      cwd: repo,
      encoding: "utf8",
    },
  );
}

it("names a long subject made after the rule began, and passes older ones and short ones", () => {
  repo = mkdtempSync(path.join(os.tmpdir(), "commit-subjects-"));
  execFileSync("git", ["init", "-q"], { cwd: repo });
  const long = `Make the subject of this commit much longer than a one-line log can show whole`;
  commit(long, "2026-11-20T10:00:00Z");
  commit("A short subject", "2026-11-29T09:00:00Z");
  expect(check().status).toBe(0);

  commit(long, "2026-11-29T09:30:00Z");
  const result = check();
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`: 78 characters: ${long}`);
  expect(result.stderr).toContain("Commit subjects are at most 72 characters; the why goes in the body.");
});
