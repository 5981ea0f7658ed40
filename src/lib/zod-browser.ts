/**
 * zod (the forms' validation) compiles its object parsers with `new Function` when it can, and
 * probes for that as its schemas are built. Our pages' Content-Security-Policy allows no
 * `unsafe-eval`, so the browser blocks the probe and logs a CSP violation on every page with a form
 * (Lighthouse best practices: "Issues were logged"). This script, inline in every page's head,
 * runs before any module and tells zod to parse without compiling (its documented `jitless`
 * setting, set through the global zod reads it from when it loads).
 */
export const ZOD_JITLESS_SCRIPT = "globalThis.__zod_globalConfig={jitless:true};";
