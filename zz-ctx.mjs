import { chromium } from "playwright";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
const origins = ["harbourside-toyota","sunstate-motor-group","bayside-nissan"].map((s) => ({ origin: `http://${s}.localhost:4421`, localStorage: [{ name: `promo-dismissed:${s}`, value: "x" }] }));
for (const st of [{ cookies: [], origins: [] }, { cookies: [], origins }, { cookies: [], origins: [] }, { cookies: [], origins }]) {
  const t = performance.now();
  const c = await b.newContext({ storageState: st });
  const p = await c.newPage();
  console.log(st.origins.length, (performance.now() - t).toFixed(0), "ms");
  const t2 = performance.now();
  await p.goto("http://westside-auto.localhost:4421/");
  console.log(" goto", (performance.now() - t2).toFixed(0));
  await c.close();
}
await b.close();
