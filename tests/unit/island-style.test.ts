/**
 * Astro writes its islands' style (`astro-island{display:contents}`) in the body, before the first
 * island, where HTML allows no style element; the page middleware moves it to the end of the head.
 */
import { describe, expect, it } from "vitest";
import { islandStyleInHead } from "~/lib/island-style";

const STYLE = "<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>";

describe("the islands' style goes to the head", () => {
  it.each([
    [
      "moves it from the body to the end of the head",
      `<html><head><title>T</title></head><body><h1>T</h1>${STYLE}<astro-island></astro-island></body></html>`,
      `<html><head><title>T</title>${STYLE}</head><body><h1>T</h1><astro-island></astro-island></body></html>`,
    ],
    [
      "keeps one copy when Astro writes it twice",
      `<html><head></head><body>${STYLE}<astro-island></astro-island><div>${STYLE}<astro-island></astro-island></div></body></html>`,
      `<html><head>${STYLE}</head><body><astro-island></astro-island><div><astro-island></astro-island></div></body></html>`,
    ],
    [
      "leaves a page without islands alone",
      "<html><head><title>T</title></head><body><p>No islands</p></body></html>",
      "<html><head><title>T</title></head><body><p>No islands</p></body></html>",
    ],
    [
      "leaves a style already in the head alone",
      `<html><head>${STYLE}</head><body><astro-island></astro-island></body></html>`,
      `<html><head>${STYLE}</head><body><astro-island></astro-island></body></html>`,
    ],
  ])("%s", (_case, html, expected) => {
    expect(islandStyleInHead(html)).toBe(expected);
  });
});
