/**
 * The import rules of `npm run check` for what dependency-cruiser cannot read. It reads every
 * TypeScript module but has no parser for .astro, so a component's frontmatter (or its <script>)
 * could break a layer (layers.mjs) or make two features import each other unseen. This checks
 * every .astro file's imports against the layers, and adds them to the graph dependency-cruiser
 * finds to report each circle between features, naming a file per step.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { importAllowed, LAYERS, layerOf } from "./layers.mjs";

/** One import from a file of one feature into another feature. */
interface Edge {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

const FEATURE = /^src\/features\/([^/]+)\//;

const featureOf = (file: string) => FEATURE.exec(file)?.[1] ?? null;

/** The .astro files under `dir`, relative to `root`, with forward slashes. */
function astroFiles(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return astroFiles(root, rel);
    return entry.name.endsWith(".astro") ? [rel] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/gm;

/** The import specifiers of an .astro file: its frontmatter's and its <script> blocks'. */
export function astroImports(source: string): string[] {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? "";
  const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return [frontmatter, ...scripts].flatMap((code) =>
    [...(code ?? "").matchAll(IMPORT)].map((m) => m[1] ?? ""),
  );
}

/** Where a specifier of `file` points, relative to the root; null for a package. */
function resolveSpecifier(file: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return `src/${specifier.slice(2)}`;
  if (specifier.startsWith(".")) return path.posix.join(path.posix.dirname(file), specifier);
  return null;
}

/**
 * The imports of .astro files under `root`/src that go up a layer (layers.mjs), as plain text naming
 * the file, the import and both layers; empty when there are none.
 */
export function astroLayerViolations(root: string): string[] {
  return astroFiles(root, "src").flatMap((file) =>
    astroImports(readFileSync(path.join(root, file), "utf8")).flatMap((specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (!target || importAllowed(file, target)) return [];
      const [from, to] = [layerOf(file), layerOf(target)].map((index) => LAYERS[index ?? 0]?.name);
      return [`${file} (${from}) imports "${specifier}" (${to}), a layer above it`];
    }),
  );
}

/** Every import between two features: TypeScript modules (dependency-cruiser) and .astro files. */
async function featureEdges(root: string): Promise<Edge[]> {
  const tsConfig = path.join(root, "tsconfig.json");
  const result = await cruise(
    ["src"],
    {
      baseDir: root,
      includeOnly: "^src/features/",
      tsPreCompilationDeps: true,
      tsConfig: { fileName: tsConfig },
    },
    {},
    { tsConfig: extractTSConfig(tsConfig) },
  );
  if (typeof result.output === "string") throw new Error("dependency-cruiser returned text, not modules");
  const edges: Edge[] = [];
  const add = (file: string, specifier: string, target: string) => {
    const from = featureOf(file);
    const to = featureOf(target);
    if (from && to && from !== to) edges.push({ from, to, file, specifier });
  };
  for (const module of result.output.modules) {
    for (const dependency of module.dependencies) add(module.source, dependency.module, dependency.resolved);
  }
  for (const file of astroFiles(root, "src/features")) {
    for (const specifier of astroImports(readFileSync(path.join(root, file), "utf8"))) {
      const target = resolveSpecifier(file, specifier);
      if (target) add(file, specifier, target);
    }
  }
  return edges;
}

/** The shortest path of features from `start` back to itself, or null when there is none. */
function shortestCycle(start: string, next: Map<string, Map<string, Edge>>): Edge[] | null {
  const cameBy = new Map<string, Edge>();
  const queue = [start];
  while (queue.length > 0) {
    const feature = queue.shift() as string;
    for (const [to, edge] of next.get(feature) ?? []) {
      if (to === start) {
        const cycle = [edge];
        for (let at = feature; at !== start; ) {
          const step = cameBy.get(at) as Edge;
          cycle.unshift(step);
          at = step.from;
        }
        return cycle;
      }
      if (!cameBy.has(to)) {
        cameBy.set(to, edge);
        queue.push(to);
      }
    }
  }
  return null;
}

/**
 * The circles between feature folders under `root` (which has src/features and a tsconfig.json
 * with the `~/` path), each as plain text naming the features and one import per step; empty when
 * there are none. A circle is reported once, from its first feature in name order.
 */
export async function featureCycles(root: string): Promise<string[]> {
  const next = new Map<string, Map<string, Edge>>();
  for (const edge of await featureEdges(root)) {
    const out = next.get(edge.from) ?? new Map<string, Edge>();
    // One import per pair names the step; .ts modules come first, so an .astro one shows when alone.
    if (!out.has(edge.to)) out.set(edge.to, edge);
    next.set(edge.from, out);
  }
  const reported = new Set<string>();
  const cycles: string[] = [];
  for (const feature of [...next.keys()].sort()) {
    const cycle = shortestCycle(feature, next);
    if (!cycle) continue;
    const members = cycle.map((edge) => edge.from);
    const key = [...members].sort().join(" ");
    if (reported.has(key)) continue;
    reported.add(key);
    cycles.push(
      [
        `Feature cycle: ${[...members, feature].join(" -> ")}`,
        ...cycle.map((edge) => `  ${edge.from} -> ${edge.to}: ${edge.file} imports "${edge.specifier}"`),
      ].join("\n"),
    );
  }
  return cycles;
}
