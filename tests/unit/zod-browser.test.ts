/**
 * The inline head script that keeps zod from probing for eval (which the pages' CSP blocks and the
 * browser reports): a zod loaded after it, as in the page, must parse without compiling. Checked in
 * a fresh Node process, since this one may have loaded zod already.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ZOD_JITLESS_SCRIPT } from "~/lib/zod-browser";

describe("zod without eval in the browser", () => {
  it("the head script's setting is what a zod loaded after it uses: jitless", () => {
    const program = `${ZOD_JITLESS_SCRIPT} const { z } = await import("zod"); console.log(JSON.stringify(z.config()));`;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", program], {
      encoding: "utf8",
    });
    expect(JSON.parse(output)).toEqual({ jitless: true });
  });
});
