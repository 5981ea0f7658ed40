/** Spec §7's analytics ids with no named event: listed for dealers to map, never fired. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ANALYTICS_EVENTS, UNASSIGNED_ANALYTICS_IDS } from "~/lib/analytics";

const README = readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");

describe("analytics ids 4, 18, 49, 60 and 61 are unassigned, listed in the README for dealers to map", () => {
  it("are the ids the spec lists without an event", () => {
    expect([...UNASSIGNED_ANALYTICS_IDS]).toEqual([4, 18, 49, 60, 61]);
  });

  it("are never given an invented event", () => {
    const fired: number[] = Object.values(ANALYTICS_EVENTS);
    expect(fired.filter((id) => [4, 18, 49, 60, 61].includes(id))).toEqual([]);
  });

  it("are named in the README's analytics section, beside every id the site fires", () => {
    const section = README.slice(README.indexOf("### Analytics event ids"));
    expect(section).toContain("**Unassigned: 4, 18, 49, 60 and 61.**");
    for (const id of [14, 15, 17, 22, 25, 26, 39, 48, 51])
      expect(section).toMatch(new RegExp(`\\| ${id} +\\|`));
  });
});
