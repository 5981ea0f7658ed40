import { availableParallelism } from "node:os";
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
    // Vitest runs one file at a time on a 2-core machine (cores - 1); half the suite's time is
    // spent waiting on builds, servers and databases in child processes, so two files at once
    // cut the unit layer from about 226 s to 161 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
