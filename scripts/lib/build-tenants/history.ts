/** What a build leaves in reports/<slug>/: the build history (builds.json) and the last published build. */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** One entry of reports/<slug>/builds.json: the build history the ops view and machines read. */
export interface BuildHistoryEntry {
  at: string;
  finished_at: string;
  seconds: number;
  ok: boolean;
  error: string | null;
  trigger: string | null;
  received: number | null;
  published: number | null;
  hidden: number | null;
  quarantined: number | null;
  pages: number | null;
  /** Pages Astro rendered; the rest were reused from the build cache. */
  rendered: number | null;
  reused: number | null;
}

/** Entries kept in builds.json: enough for a trend, small enough to read on every index request. */
export const BUILD_HISTORY_LENGTH = 50;

export function readBuildHistory(file: string): BuildHistoryEntry[] {
  if (!existsSync(file)) return [];
  try {
    const entries = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return Array.isArray(entries) ? (entries as BuildHistoryEntry[]) : [];
  } catch {
    return [];
  }
}

export function appendBuildHistory(reportsDir: string, entry: BuildHistoryEntry): void {
  const file = path.join(reportsDir, "builds.json");
  const entries = [...readBuildHistory(file), entry].slice(-BUILD_HISTORY_LENGTH);
  mkdirSync(reportsDir, { recursive: true });
  const scratch = `${file}.${process.pid}.tmp`;
  writeFileSync(scratch, `${JSON.stringify(entries, null, 2)}\n`);
  // A reader (the ops view) never sees half a file.
  renameSync(scratch, file);
}

export interface LastBuild {
  published: number;
  pages: number;
  at: string;
}

export function readLastBuild(file: string): LastBuild | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LastBuild;
  } catch {
    return null;
  }
}
