import { fileURLToPath } from "node:url";
import { getViteConfig } from "astro/config";
import { defineConfig } from "vitest/config";

const shared = {
  environment: "node",
  testTimeout: 60_000,
  // Opening PGlite and migrating takes seconds on a busy 2-core machine.
  hookTimeout: 120_000,
} as const;

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: "unit",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/e2e/**", "tests/**/*.astro.test.ts", "node_modules/**"],
        },
      },
      // `*.astro.test.ts` render Astro components (the Container API), so they run with Astro's
      // Vite config; everything else runs without it, which is faster.
      getViteConfig({ test: { ...shared, name: "astro", include: ["tests/**/*.astro.test.ts"] } }),
    ],
  },
});
