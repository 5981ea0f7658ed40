/**
 * Nothing the build environment keeps secret ships: a built site holding any secret value of the
 * environment it was built in is refused, naming the variable and never the value. A page can
 * pick a value up in many ways (a config that quotes one, a bundle that inlines an env variable),
 * so the scan looks at what was built, not at how it was made.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** A secret value and the variable it came from, as the build log names it. */
export interface NamedSecret {
  name: string;
  value: string;
}

/**
 * Variables whose whole value is a secret: webhook and signing secrets (Stripe, CRM, stock feed,
 * SMS), IP_HASH_SECRET, API and admin keys (Stripe, Meilisearch, finance), passwords and tokens.
 * `PUBLIC_` ones are meant for the browser (Astro ships them by design).
 */
const SECRET_NAME =
  /(^|_)(SECRET|PASSWORD|PASSWD|TOKEN)(_|$)|(^|_)(API|ADMIN|MASTER|PRIVATE|SECRET)_KEY(_|$)/;
/** Capability URLs: whoever has a build hook's address can start builds. */
const SECRET_URL_NAME = /^BUILD_HOOK_URL(_|$)/;
/**
 * Shorter values are not looked for: they would match ordinary text in any site (a local
 * `IP_HASH_SECRET=dev`), and nothing that short protects anything.
 */
export const MIN_SECRET_LENGTH = 8;

/** The password of a URL-valued variable (`DATABASE_URL`, `SMTP_URL`…), decoded, or null. */
function urlPassword(value: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !URL.canParse(value)) return null;
  const { password } = new URL(value);
  if (!password) return null;
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}

/** Every secret value of `env`, with its variable. */
export function buildSecrets(env: NodeJS.ProcessEnv = process.env): NamedSecret[] {
  const secrets: NamedSecret[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value || name.startsWith("PUBLIC_")) continue;
    if (SECRET_NAME.test(name) || SECRET_URL_NAME.test(name)) secrets.push({ name, value });
    const password = urlPassword(value);
    if (password !== null) secrets.push({ name: `the password in ${name}`, value: password });
  }
  return secrets.filter((secret) => secret.value.length >= MIN_SECRET_LENGTH);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);

/** How a value may be written into a file: as it is, JSON-escaped, HTML-escaped, URL-encoded. */
function spellings(value: string): Buffer[] {
  const forms = new Set([
    value,
    JSON.stringify(value).slice(1, -1),
    escapeHtml(value),
    encodeURIComponent(value),
  ]);
  return [...forms].map((form) => Buffer.from(form, "utf8"));
}

/**
 * Photos, video and fonts: binary files copied from public/ as they are. No build step writes a
 * value into them, a run of their bytes can spell a simple value by chance (a photo held 24 "f"s
 * in a row), and reading every sample photo would be most of the scan's time.
 */
const BINARY_MEDIA = /\.(?:jpe?g|png|webp|avif|gif|ico|mp4|webm|woff2?|ttf|otf|pdf)$/i;

/** Every file under `dir` but binary media, following links (public files arrive as links). */
function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (BINARY_MEDIA.test(entry.name)) continue;
    if (entry.isFile() || (entry.isSymbolicLink() && statSync(file, { throwIfNoEntry: false })?.isFile())) {
      yield file;
    }
  }
}

/**
 * Throws if any file under `dir` holds any of `secrets`. The message names each file and the
 * variables whose value it holds, never a value or any part of one.
 */
export function assertNoSecretsInDir(dir: string, secrets: readonly NamedSecret[]): void {
  const byValue = new Map<string, string[]>();
  for (const { name, value } of secrets) {
    if (value.length < MIN_SECRET_LENGTH) continue;
    byValue.set(value, [...(byValue.get(value) ?? []), name]);
  }
  const needles = [...byValue].map(([value, names]) => ({
    names: names.join(" and "),
    forms: spellings(value),
  }));
  if (needles.length === 0) return;
  const leaks: string[] = [];
  for (const file of filesUnder(dir)) {
    const content = readFileSync(file);
    for (const { names, forms } of needles) {
      if (forms.some((form) => content.includes(form)))
        leaks.push(`${path.relative(dir, file)} holds ${names}`);
    }
  }
  if (leaks.length > 0) {
    throw new Error(
      `the built site holds secrets of the build environment; nothing was published (rotate each, then rebuild):\n  ${leaks.sort().join("\n  ")}`,
    );
  }
}
