/**
 * `npm run sample-data`: writes each sample tenant's stock.json for today into ./tenants
 * (TENANTS_DIR) and renders the photos missing from ./public/media/sample. The tenants' other
 * files are committed and left alone.
 */
import { writeSampleData } from "./tenants/files";

const started = performance.now();
const summary = await writeSampleData({ tenantsDir: process.env.TENANTS_DIR || "tenants" });
for (const t of summary.tenants) console.log(`${t.slug.padEnd(22)} ${String(t.cars).padStart(5)} cars`);
console.log(`images: ${summary.images} files written in ${summary.imageSeconds.toFixed(1)} s`);
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
