/** Admin keys never ship: a built site that contains one is refused. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Admin/master keys from the environment that must never appear in a built site. */
export function searchSecretsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env)
    .filter(([name, value]) => /^MEILI_(ADMIN_KEY|MASTER_KEY)(_|$)/.test(name) && value)
    .map(([, value]) => value as string);
}

const mask = (secret: string) => `${secret.slice(0, 4)}…(${secret.length} chars)`;

/**
 * Throws if any file under `dir` contains any of `secrets` (empty ones are ignored). The message
 * names the files and a masked form of each secret, never the secret itself.
 */
export function assertNoSecretsInDir(dir: string, secrets: readonly (string | undefined | null)[]): void {
  const needles = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length > 0))].map(
    (secret) => ({ secret, bytes: Buffer.from(secret, "utf8") }),
  );
  if (needles.length === 0) return;
  const leaks: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    for (const { secret, bytes } of needles) {
      if (content.includes(bytes)) leaks.push(`${path.relative(dir, file)} contains ${mask(secret)}`);
    }
  }
  if (leaks.length > 0) {
    throw new Error(
      `Secret search keys found in ${dir} (rotate these keys, then rebuild):\n  ${leaks.join("\n  ")}`,
    );
  }
}
