/**
 * Throwing away a folder without waiting for it. Deleting a published site or a build cache means
 * unlinking thousands of files: about 3 s for 4,800 vehicle pages on this machine's disk, which
 * would be a third of a rebuild. Nothing needs to wait for it, so the folder is renamed into a
 * `.trash` folder beside it (same file system: instant) and a detached process deletes it.
 * Whatever a killed build leaves in `.trash` is deleted by the next build that discards there.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

let discarded = 0;

/** Folder name that marks discarded folders (never a tenant: it holds no index.html). */
export const TRASH = ".trash";

/** Deletes `folders` in a process of their own that outlives this one. */
function deleteInBackground(folders: readonly string[]): void {
  if (folders.length === 0) return;
  const script = `for (const dir of ${JSON.stringify(folders)}) require("node:fs").rmSync(dir, { recursive: true, force: true, maxRetries: 3 });`;
  spawn(process.execPath, ["-e", script], { detached: true, stdio: "ignore" }).unref();
}

/**
 * Moves `dir` out of the way now and deletes it in the background (with anything an earlier,
 * interrupted build left in the same trash). Falls back to deleting in place when it cannot be
 * moved.
 */
export function discard(dir: string): void {
  if (!existsSync(dir)) return;
  const trash = path.join(path.dirname(dir), TRASH);
  const moved = path.join(trash, `${path.basename(dir)}.${process.pid}.${Date.now()}.${discarded++}`);
  try {
    mkdirSync(trash, { recursive: true });
    renameSync(dir, moved);
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  // Entries of builds no longer running may be leftovers (a reboot, or a kill between the move and
  // the spawn); deleting one twice is harmless.
  const leftovers = readdirSync(trash)
    .map((name) => path.join(trash, name))
    .filter((entry) => entry === moved || !ownerIsRunning(entry));
  deleteInBackground(leftovers);
}

/** Whether the process that discarded a trash entry (`<name>.<pid>.<time>.<n>`) still runs. */
function ownerIsRunning(entry: string): boolean {
  const pid = Number(path.basename(entry).split(".").at(-3));
  if (!Number.isInteger(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
