/**
 * My Garage brand variants: sunstate-motor-group keeps a garage and is a dealer for Mazda,
 * Hyundai, Kia, Ford, Mitsubishi and Volkswagen, so each has /my-garage/{make}, behind sign-in
 * like /my-garage itself (spec §4 "my-garage variants").
 */
import { expect, tenantGet, tenantUrl, test } from "./support";

const SITE = "sunstate-motor-group";

test("a brand's garage asks for sign-in and comes back to itself", async ({ page }) => {
  await page.goto(tenantUrl(SITE, "/my-garage/mazda"));
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
    type: "my-garage",
    redirect: "/my-garage/mazda",
  });
  await expect(page.getByText("Sign in to see your garage.")).toBeVisible();
});

test("each franchised make has its garage, titled with the make; other makes and garage-less sites have none", async ({
  request,
}) => {
  for (const [make, name] of [
    ["mazda", "Mazda"],
    ["hyundai", "Hyundai"],
    ["kia", "Kia"],
    ["ford", "Ford"],
    ["mitsubishi", "Mitsubishi"],
    ["volkswagen", "Volkswagen"],
  ]) {
    const answer = await tenantGet(request, SITE, `/my-garage/${make}`);
    expect(answer.status(), make).toBe(200);
    const html = await answer.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>My ${name} Garage</h1>`));
    expect(html).toContain(`<title>My ${name} Garage | Sunstate Motor Group</title>`);
    expect(html).toContain('<meta name="robots" content="noindex"');
  }
  expect((await tenantGet(request, SITE, "/my-garage/toyota")).status()).toBe(404);
  expect((await tenantGet(request, "bayside-nissan", "/my-garage/nissan")).status()).toBe(404);
});
