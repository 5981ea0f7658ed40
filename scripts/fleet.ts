/**
 * `npm run fleet -- plan|apply`: creates and configures each tenant's Netlify site from
 * `tenants/<slug>/site.json` (README "Fleet setup"): the site and its custom domain, the "Stock
 * feed" build hook, the environment variables (TENANT, the tenant role's DATABASE_URL, a generated
 * STOCK_WEBHOOK_SECRET, BUILD_HOOK_URL and the shared settings present in this environment). The
 * scheduled functions come with each deploy and are listed. `plan` (the default) only reads;
 * `apply` makes the changes, and a second apply finds none. A tenant that fails does not stop the
 * others; the run then exits 1 naming it. Secret values are never printed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { listTenantSlugs, loadSite, tenantsDir } from "~/tenant/load";
import { type Change, describeChange, desiredSite, planSite, redact } from "./lib/fleet";
import { apiErrorMessage, applyChanges, netlifyClient, readSite } from "./lib/fleet-netlify";

const mode = process.argv[2] ?? "plan";
const token = process.env.NETLIFY_AUTH_TOKEN;
const accountSlug = process.env.NETLIFY_ACCOUNT_SLUG;
if (!["plan", "apply"].includes(mode) || !token || !accountSlug) {
  console.error(
    "Usage: NETLIFY_AUTH_TOKEN=… NETLIFY_ACCOUNT_SLUG=<team> DATABASE_URL_<SLUG>=… npm run fleet -- [plan|apply] [slug …]",
  );
  process.exit(2);
}
const target = {
  token,
  accountSlug,
  apiUrl: process.env.NETLIFY_API_URL || "https://api.netlify.com/api/v1",
};
const settings = {
  sitePrefix: process.env.FLEET_SITE_PREFIX ?? "",
  branch: process.env.FLEET_BRANCH || "main",
};
const secretsDir = path.resolve(process.env.FLEET_SECRETS_DIR || ".fleet");
const dir = tenantsDir();
const only = process.argv.slice(3);
const slugs = only.length > 0 ? only : listTenantSlugs(dir);

// Read as Netlify reads them, from the literal `export const config` (tests/unit/function-config.test.ts
// keeps them literal), without loading Netlify's bundler for it.
const functionsDir = path.resolve("src/functions");
const schedules = readdirSync(functionsDir)
  .filter((file) => file.endsWith(".ts"))
  .sort()
  .flatMap((file) => {
    const schedule = readFileSync(path.join(functionsDir, file), "utf8").match(
      /export const config = \{[^}]*\bschedule: "([^"]+)"/,
    )?.[1];
    return schedule ? [`${file.replace(/\.ts$/, "")} (${schedule})`] : [];
  });

const api = netlifyClient(target);
const failed: string[] = [];
let total = 0;
for (const slug of slugs) {
  // Every value this tenant's run could handle, kept out of anything printed.
  const secrets: (string | null)[] = [token];
  try {
    const wanted = desiredSite(loadSite(dir, slug), process.env, settings);
    if ("error" in wanted) throw new Error(wanted.error);
    const desired = wanted.site;
    secrets.push(...desired.vars.filter((v) => v.secret).map((v) => v.value));
    const current = await readSite(api, accountSlug, desired.name);
    secrets.push(...(current?.buildHooks.map((hook) => hook.url) ?? []));
    const changes: Change[] = planSite(desired, current);
    console.log(`${slug} (site ${desired.name}):`);
    for (const change of changes) console.log(`  ${describeChange(change)}`);
    console.log(
      `  = scheduled functions, deployed with the site and run for TENANT: ${schedules.join(", ")}`,
    );
    if (changes.length === 0) {
      console.log(`  no changes`);
    } else if (mode === "plan") {
      console.log(`  ${changes.length} to make (run \`npm run fleet -- apply\`)`);
    } else {
      const { written } = await applyChanges(api, target, desired, current, changes, secretsDir);
      for (const file of written)
        console.log(`  stock webhook secret for the feed provider written to ${file}`);
      console.log(`  applied ${changes.length}`);
      total += changes.length;
    }
  } catch (error) {
    failed.push(slug);
    console.error(`${slug}: FAILED: ${redact(apiErrorMessage(error), secrets)}`);
  }
}
if (mode === "apply") console.log(`Applied ${total} change(s) to ${slugs.length - failed.length} site(s).`);
if (failed.length > 0) {
  console.error(`Failed for ${failed.join(", ")}; the other sites are done. Fix and run again.`);
  process.exit(1);
}
