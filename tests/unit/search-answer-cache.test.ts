import { describe, expect, it } from "vitest";
import { AnswerCache } from "~/features/search/answer-cache";

describe("search cache evicts the oldest entry when full (spec §4)", () => {
  it.each([
    [2, ["a", "b", "c"], ["b", "c"]],
    [3, ["a", "b", "c"], ["a", "b", "c"]],
    [1, ["a", "b"], ["b"]],
    // Stored again, an entry counts as new.
    [2, ["a", "b", "a", "c"], ["a", "c"]],
  ])("size %d after storing %j keeps %j", (size, stored, kept) => {
    const cache = new AnswerCache<number>(size);
    for (const [i, key] of stored.entries()) cache.set(key, i);
    expect(cache.keys()).toEqual(kept);
  });

  it("a read does not save the oldest entry (oldest, not least recently used)", () => {
    const cache = new AnswerCache<string>(2);
    cache.set("a", "A");
    cache.set("b", "B");
    expect(cache.get("a")).toBe("A");
    cache.set("c", "C");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.keys()).toEqual(["b", "c"]);
  });
});
