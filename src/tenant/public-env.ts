/**
 * The build's PUBLIC_ variables, which Vite writes into every bundle, browser code included (see
 * build-env.ts for the rest, and for what each one means). No zod here: every island that shows a
 * photo imports this.
 */

/** PUBLIC_IMAGE_HOSTS' format: origins separated by spaces. */
export function imageHostList(value: string): string[] {
  return value.split(" ").filter(Boolean);
}

/**
 * The tenant's image hosts this bundle was built with (checked by build-env.ts in the Astro
 * process); none outside a build, e.g. in unit tests.
 */
export const BUILD_IMAGE_HOSTS: readonly string[] = imageHostList(import.meta.env?.PUBLIC_IMAGE_HOSTS ?? "");
