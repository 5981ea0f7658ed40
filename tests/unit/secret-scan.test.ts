/**
 * The built-site secret scan (scripts/lib/build-tenants/secret-scan.ts): which values of the build
 * environment are secrets, and a built site holding any of them is refused by variable name, never
 * by value. The build itself refusing such a site is in build.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertNoSecretsInDir, buildSecrets } from "../../scripts/lib/build-tenants/secret-scan";

const dirs: string[] = [];
function writeTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "secret-scan-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The scan's message for `dir`, or undefined when it passes. */
function scan(dir: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    assertNoSecretsInDir(dir, buildSecrets(env));
  } catch (caught) {
    return (caught as Error).message;
  }
  return undefined;
}

describe("the build environment's secrets", () => {
  it("are the webhook, signing and API secrets, the keys, and the passwords in URLs", () => {
    expect(
      buildSecrets({
        STRIPE_SECRET_KEY: "sk_live_51HxExampleKey",
        STRIPE_WEBHOOK_SECRET: "whsec_exampleSecret01",
        CRM_WEBHOOK_SECRET_WESTSIDE_AUTO: "crm-secret-0123456789",
        STOCK_WEBHOOK_SECRET: "stock-secret-0123456789",
        STOCK_WEBHOOK_SECRET_PREVIOUS: "stock-secret-old-98765",
        SMS_WEBHOOK_SECRET: "sms-secret-0123456789",
        IP_HASH_SECRET: "ip-hash-secret-0123456789",
        MEILI_ADMIN_KEY: "adminKey-5f4c1b2e9d7a4c3b",
        MEILI_ADMIN_KEY_ACME: "adminKey-acme-0a1b2c3d",
        MEILI_MASTER_KEY: "masterKey-abcdefghij",
        YOUX_API_KEY: "youx-api-key-0123456789",
        BUILD_HOOK_URL: "https://api.netlify.com/build_hooks/65a1b2c3d4e5f6a7b8c9d0e1",
        DATABASE_URL: "postgres://tenant_acme:Db%2Fpass%40word-123@db.example.com:5432/dealer",
        SMTP_URL: "smtps://mailer:smtp-password-42@smtp.example.com:465",
        // Not secrets: addresses without a password, public values, settings, short values.
        CRM_WEBHOOK_URL: "https://crm.example.com/leads",
        MEILI_URL: "https://search.example.com",
        PUBLIC_IMAGE_HOSTS: "https://photos.example.com.au",
        PUBLIC_SEARCH_KEY: "searchKey-0a1b2c3d4e5f",
        TENANT: "westside-auto",
        NETLIFY: "true",
        LOCAL_TOKEN: "dev",
        HOME: "/home/builder",
      }),
    ).toEqual([
      { name: "STRIPE_SECRET_KEY", value: "sk_live_51HxExampleKey" },
      { name: "STRIPE_WEBHOOK_SECRET", value: "whsec_exampleSecret01" },
      { name: "CRM_WEBHOOK_SECRET_WESTSIDE_AUTO", value: "crm-secret-0123456789" },
      { name: "STOCK_WEBHOOK_SECRET", value: "stock-secret-0123456789" },
      { name: "STOCK_WEBHOOK_SECRET_PREVIOUS", value: "stock-secret-old-98765" },
      { name: "SMS_WEBHOOK_SECRET", value: "sms-secret-0123456789" },
      { name: "IP_HASH_SECRET", value: "ip-hash-secret-0123456789" },
      { name: "MEILI_ADMIN_KEY", value: "adminKey-5f4c1b2e9d7a4c3b" },
      { name: "MEILI_ADMIN_KEY_ACME", value: "adminKey-acme-0a1b2c3d" },
      { name: "MEILI_MASTER_KEY", value: "masterKey-abcdefghij" },
      { name: "YOUX_API_KEY", value: "youx-api-key-0123456789" },
      { name: "BUILD_HOOK_URL", value: "https://api.netlify.com/build_hooks/65a1b2c3d4e5f6a7b8c9d0e1" },
      { name: "the password in DATABASE_URL", value: "Db/pass@word-123" },
      { name: "the password in SMTP_URL", value: "smtp-password-42" },
    ]);
  });
});

describe("a built site holding a secret", () => {
  const env = {
    STRIPE_WEBHOOK_SECRET: "whsec_exampleSecret01",
    IP_HASH_SECRET: "ip-hash-secret-0123456789",
    MEILI_ADMIN_KEY: "adminKey-5f4c1b2e9d7a4c3b",
    DATABASE_URL: "postgres://tenant_acme:Db%2Fpass%40word-123@db.example.com:5432/dealer",
    SMTP_URL: "smtps://mailer:smtp-password-42@smtp.example.com:465",
    UNUSED_SECRET: "unused-secret-123",
  };

  it("passes a site that holds none of them", () => {
    const clean = writeTree({
      "index.html": "<p>Quality used cars</p><script>const key = 'searchKey-0a1b2c3d4e5f'</script>",
      "_astro/app.js": "x",
    });
    expect(scan(clean, env)).toBeUndefined();
  });

  it("is refused, naming each file and variable, never a value or any part of one", () => {
    const leaky = writeTree({
      "index.html": "<p>ok</p>",
      "search/used-cars/index.html": '<script>window.k="adminKey-5f4c1b2e9d7a4c3b"</script>',
      "_astro/SearchApp.js": 'var h="ip-hash-secret-0123456789";var w="whsec_exampleSecret01"',
      "about/index.html": "<p>Db/pass@word-123</p>",
      "mail.txt": "smtp-password-42",
    });
    const message = scan(leaky, env);
    expect(message).toBe(
      "the built site holds secrets of the build environment; nothing was published (rotate each, then rebuild):\n" +
        "  _astro/SearchApp.js holds IP_HASH_SECRET\n" +
        "  _astro/SearchApp.js holds STRIPE_WEBHOOK_SECRET\n" +
        "  about/index.html holds the password in DATABASE_URL\n" +
        "  mail.txt holds the password in SMTP_URL\n" +
        "  search/used-cars/index.html holds MEILI_ADMIN_KEY",
    );
  });

  it("is found in escaped forms and through links, and one value of two variables names both", () => {
    const outside = writeTree({ "linked.js": 'var s="stock-secret-0123456789"' });
    const site = writeTree({
      "index.html": "<p>a&amp;b&lt;secret&gt;-0123</p>",
      "search/index.html": "<a href='/x?k=a%26b%3Csecret%3E-0123'>",
    });
    symlinkSync(path.join(outside, "linked.js"), path.join(site, "linked.js"));
    expect(
      scan(site, {
        STOCK_WEBHOOK_SECRET: "stock-secret-0123456789",
        STOCK_WEBHOOK_SECRET_PREVIOUS: "stock-secret-0123456789",
        SMS_WEBHOOK_SECRET: "a&b<secret>-0123",
      }),
    ).toBe(
      "the built site holds secrets of the build environment; nothing was published (rotate each, then rebuild):\n" +
        "  index.html holds SMS_WEBHOOK_SECRET\n" +
        "  linked.js holds STOCK_WEBHOOK_SECRET and STOCK_WEBHOOK_SECRET_PREVIOUS\n" +
        "  search/index.html holds SMS_WEBHOOK_SECRET",
    );
  });

  it("reads pages, scripts and SVGs, not photos, video or fonts copied from public/", () => {
    const value = "f".repeat(24);
    const site = writeTree({
      // A photo's bytes can spell a simple value by chance; no build step writes into one.
      "media/sample/hatch-grey-side.jpg": `\xff\xd8${value}\xff\xd9`,
      "media/fonts/inter.woff2": value,
      "media/logos/motors.svg": `<svg><desc>${value}</desc></svg>`,
    });
    expect(scan(site, { DATABASE_URL: `postgres://tenant_acme:${value}@db.example.com/dealer` })).toBe(
      "the built site holds secrets of the build environment; nothing was published (rotate each, then rebuild):\n" +
        "  media/logos/motors.svg holds the password in DATABASE_URL",
    );
  });
});
