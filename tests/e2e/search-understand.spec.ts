/**
 * Search that understands what shoppers type, on a car dealer (Harbourside Toyota) and the caravan
 * dealer (Outback Caravans): typed words and an address `query` become removable chips with a line
 * saying what was understood and the right count; removing a chip widens the search; words whose
 * filters find nothing fall back to all the words and say so; the home page's quick search goes
 * the same way. Counts are from the fixtures' stock.json (published cars: on the website, and sold
 * ones only inside the tenant's sold window).
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, tenantUrl, test, unexpectedShifts } from "./support";

const SEARCH = "/search/new-used-and-demo-cars";
const results = (page: Page) => page.locator("#search-results");
const chips = (page: Page) => page.getByRole("list", { name: "Active filters" }).getByRole("button");
const line = (page: Page) => page.locator(".search-understood");

/** The chips, in any order (their order follows the facet widgets', not the words'). */
async function expectChips(page: Page, expected: readonly string[]) {
  await expect
    .poll(async () => (await chips(page).allTextContents()).sort())
    .toEqual(expected.map((chip) => `${chip} ×`).sort());
}

async function typeWords(page: Page, words: string) {
  const box = page.getByRole("searchbox", { name: "Search vehicles" });
  await expect(results(page)).toHaveAttribute("aria-busy", "false");
  await box.fill(words);
  await box.press("Enter");
}

async function settled(page: Page, count: number) {
  await expect(results(page)).toHaveAttribute("data-result-count", String(count));
  await expect(results(page)).toHaveAttribute("aria-busy", "false");
}

const CASES = [
  {
    slug: "harbourside-toyota",
    words: "white hilux under 40k",
    // HiLux 110029 (Frosted White, $37,990) and 110040 (Glacier White, $17,990).
    count: 2,
    chips: ["HiLux", "Arctic White", "Frosted White", "Glacier White", "White", "≤ 40000"],
    line: "Showing white Toyota HiLux under $40,000 · Search all words instead",
    address: "refinementList%5Bcolour%5D%5B0%5D=Arctic%20White",
    // Without HiLux: the white Toyotas under $40,000, 110013, 110025, 110029 and 110040.
    withoutChip: "HiLux",
    widened: 4,
    // No HiLux under $5,000; the words find the 10 HiLuxes (Meilisearch drops words from the end).
    fallback: {
      words: "hilux under 5k",
      line: "No cars match Toyota HiLux under $5,000, so these results match all your words.",
      count: 10,
    },
  },
  {
    slug: "outback-caravans",
    words: "off road caravan sleeps 4",
    // Caravans with Independent Off-Road Suspension and four or more berths: 440020, 440021,
    // 440022, 440025, 440027, 440029 and 440032 (440006 and 440007 were sold outside the window).
    count: 7,
    chips: ["Independent Off-Road Suspension", "caravan", "≥ 4"],
    line: "Showing caravan with Independent Off-Road Suspension sleeps 4+ · Search all words instead",
    address: "refinementList%5Bfiltered_features%5D%5B0%5D=Independent%20Off-Road%20Suspension",
    // With any berths: also 440008, 440015 and the sold 440003 and 440004 (inside the sold window).
    withoutChip: "≥ 4",
    widened: 11,
    // The New Ages are 440011, 440021 and 440026, all over $100,000.
    fallback: {
      words: "new age under 40k",
      line: "No cars match New Age under $40,000, so these results match all your words.",
      count: 3,
    },
  },
] as const;

for (const c of CASES) {
  test(`${c.slug}: typed words become chips, a line and the right count; a chip removed widens it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(tenantUrl(c.slug, SEARCH));
    await typeWords(page, c.words);
    await settled(page, c.count);
    await expectChips(page, c.chips);
    await expect(line(page)).toHaveText(c.line);
    // The address holds the refinements (once instantsearch's router writes it).
    await expect.poll(() => new URL(page.url()).search).toContain(c.address);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: `Remove filter ${c.withoutChip}` }).click();
    await settled(page, c.widened);
    // The words no longer stand for what is searched: the line goes.
    await expect(line(page)).toHaveCount(0);
  });

  test(`${c.slug}: a query in the address lands on the same chips and count, with nothing moving (CLS 0)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(tenantUrl(c.slug, `${SEARCH}?query=${encodeURIComponent(c.words)}`));
    await settled(page, c.count);
    await expectChips(page, c.chips);
    await expect(line(page)).toHaveText(c.line);
    // The address now holds the refinements (a shared link lands on the same chips) and no words.
    expect(new URL(page.url()).search).toContain(c.address);
    expect(new URL(page.url()).searchParams.get("query")).toBeNull();
    const shifts = await unexpectedShifts(page);
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(cls, JSON.stringify(shifts)).toBeLessThan(0.0005);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Search all words instead" }).click();
    await expect(chips(page)).toHaveCount(0);
    await expect(page.getByRole("searchbox", { name: "Search vehicles" })).toHaveValue(c.words);
  });

  test(`${c.slug}: words whose filters find nothing fall back to all the words, and say so`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(tenantUrl(c.slug, SEARCH));
    await typeWords(page, c.fallback.words);
    await expect(line(page)).toHaveText(c.fallback.line);
    await settled(page, c.fallback.count);
    await expect(chips(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test("the home page's quick search sends the words to the search page, which understands them", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl("harbourside-toyota", "/"));
  const words = page.getByRole("searchbox", { name: "Search by words" });
  await words.fill("white hilux under 40k");
  await words.press("Enter");
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?/);
  await settled(page, 2);
  await expect(line(page)).toHaveText("Showing white Toyota HiLux under $40,000 · Search all words instead");
});
