/**
 * The browser tests state what a shopper must see as literals from the spec and the fixture
 * tenants; a test that imports the rule it checks agrees with a wrong rule. So no file under
 * tests/e2e may import the product (src/) or the sample generator (scripts/), however the import
 * is spelt: TypeScript's own resolver follows the `~/` alias, relative paths, re-exports, dynamic
 * imports (template literals too) and require() (createRequire's too) to the file they name. Nor
 * may they read those files' text with fs: a test that parses the product's source for its rule
 * agrees with a wrong rule just the same.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const E2E_DIR = path.join(ROOT, "tests/e2e");
const FORBIDDEN = ["src", "scripts"].map((dir) => path.join(ROOT, dir) + path.sep);

const config = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile).config,
  ts.sys,
  ROOT,
);

/** The modules of node that reach files on disk, and the modules that make a require(). */
const FS_MODULES = new Set(["fs", "node:fs", "fs/promises", "node:fs/promises"]);
const MODULE_MODULES = new Set(["module", "node:module"]);
const PATH_MODULES = new Set(["path", "node:path", "path/posix", "node:path/posix"]);

/** Stands for a part of a path this static reading cannot know (a variable, a call's result). */
const UNKNOWN = "\0";

const literalText = (node: ts.Node): string | null =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;

/**
 * What a file names, read from its syntax: the modules it imports (however spelt: static, import
 * types, import() and require() with a literal or a template without substitutions, and the
 * require() that createRequire makes), and what it refuses outright: a module named by a computed
 * value, a createRequire rooted anywhere but the file itself, and a file system call whose path is
 * (or may be, for all the code says) inside src/ or scripts/.
 */
function scan(file: string, text: string): { specifiers: string[]; refused: string[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const here = path.relative(ROOT, file);
  const specifiers: string[] = [];
  const refused: string[] = [];
  // Local names bound to fs functions, to fs namespaces, to createRequire, to a require, to path.
  const fsFunctions = new Set<string>();
  const fsNamespaces = new Set<string>();
  const createRequires = new Set<string>();
  const requires = new Set<string>(["require"]);
  const paths = new Set<string>();
  const consts = new Map<string, ts.Expression>();

  const bind = (declaration: ts.ImportDeclaration) => {
    const from = literalText(declaration.moduleSpecifier) ?? "";
    const clause = declaration.importClause;
    if (!clause) return;
    const isFs = FS_MODULES.has(from);
    if (clause.name && isFs) fsNamespaces.add(clause.name.text);
    if (clause.name && PATH_MODULES.has(from)) paths.add(clause.name.text);
    const named = clause.namedBindings;
    if (named && ts.isNamespaceImport(named)) {
      if (isFs) fsNamespaces.add(named.name.text);
      if (PATH_MODULES.has(from)) paths.add(named.name.text);
      if (MODULE_MODULES.has(from)) createRequires.add(`${named.name.text}.createRequire`);
    }
    if (named && ts.isNamedImports(named)) {
      for (const element of named.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (isFs) fsFunctions.add(element.name.text);
        if (MODULE_MODULES.has(from) && imported === "createRequire") createRequires.add(element.name.text);
      }
    }
  };

  const isCreateRequireCall = (node: ts.Node): node is ts.CallExpression =>
    ts.isCallExpression(node) && createRequires.has(node.expression.getText(source));

  /** Whether an expression is the fs module, loaded by import(), a require or getBuiltinModule. */
  const loadsFs = (node: ts.Expression): boolean => {
    const inner = ts.isAwaitExpression(node) || ts.isParenthesizedExpression(node) ? node.expression : node;
    if (inner !== node) return loadsFs(inner);
    if (!ts.isCallExpression(node)) return false;
    const [argument] = node.arguments;
    return argument !== undefined && FS_MODULES.has(literalText(argument) ?? "");
  };

  /** The path an expression spells, with UNKNOWN for what cannot be known here. */
  const evaluate = (node: ts.Node, depth = 0): string => {
    if (depth > 20) return UNKNOWN;
    const literal = literalText(node);
    if (literal !== null) return literal;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
      return evaluate(node.expression, depth + 1);
    if (ts.isTemplateExpression(node))
      return (
        node.head.text +
        node.templateSpans.map((span) => evaluate(span.expression, depth + 1) + span.literal.text).join("")
      );
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
      return evaluate(node.left, depth + 1) + evaluate(node.right, depth + 1);
    if (ts.isIdentifier(node)) {
      if (node.text === "__dirname") return path.dirname(file);
      if (node.text === "__filename") return file;
      const value = consts.get(node.text);
      return value ? evaluate(value, depth + 1) : UNKNOWN;
    }
    if (ts.isPropertyAccessExpression(node) && ts.isMetaProperty(node.expression)) {
      if (node.name.text === "dirname") return path.dirname(file);
      if (node.name.text === "filename") return file;
      if (node.name.text === "url") return pathToFileURL(file).href;
      return UNKNOWN;
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression.getText(source);
      const args = (node.arguments ?? []).map((arg) => evaluate(arg, depth + 1));
      const [object, method] = callee.split(/\.(?=[^.]+$)/);
      if (object !== undefined && paths.has(object.replace(/\.posix$/, "")) && method === "join")
        return args.join("/");
      if (object !== undefined && paths.has(object.replace(/\.posix$/, "")) && method === "resolve")
        return args.reduce(
          (base, arg) => (arg.startsWith(UNKNOWN) || path.isAbsolute(arg) ? arg : `${base}/${arg}`),
          ROOT,
        );
      if (ts.isNewExpression(node) && callee === "URL" && args.length === 2) {
        const [relative = UNKNOWN, base = UNKNOWN] = args;
        if (relative.startsWith(UNKNOWN) || base.includes(UNKNOWN)) return UNKNOWN;
        // Resolved up to the folder before the first unknown part, which follows as it is.
        const split = relative.includes(UNKNOWN)
          ? relative.lastIndexOf("/", relative.indexOf(UNKNOWN)) + 1
          : relative.length;
        return new URL(relative.slice(0, split), base).href + relative.slice(split);
      }
      if (callee === "fileURLToPath" && args[0]?.startsWith("file://"))
        return decodeURIComponent(args[0].slice("file://".length));
    }
    return UNKNOWN;
  };

  /** Whether a file system call on this path may read or list src/ or scripts/. */
  const reachesProduct = (spelt: string): boolean => {
    const value = spelt.startsWith("file://") ? decodeURIComponent(spelt.slice("file://".length)) : spelt;
    if (value.startsWith(UNKNOWN)) return false;
    const cut = value.indexOf(UNKNOWN);
    // Where the path is known up to an unknown part, that part may name any file below the folder
    // known so far: a folder that holds src/ or scripts/ is as good as naming them.
    const known = cut === -1 ? value : value.slice(0, cut);
    const resolved = path.resolve(ROOT, cut === -1 || known.endsWith("/") ? known : path.dirname(known));
    const inside = FORBIDDEN.some((dir) => `${resolved}${path.sep}`.startsWith(dir));
    const holds = cut !== -1 && FORBIDDEN.some((dir) => dir.startsWith(`${resolved}${path.sep}`));
    return inside || holds;
  };

  const moduleArgument = (call: ts.CallExpression, what: string) => {
    const [argument] = call.arguments;
    const literal = argument && literalText(argument);
    if (typeof literal === "string") specifiers.push(literal);
    else refused.push(`${here}: computed ${what}`);
  };

  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const literal = literalText(node.moduleSpecifier);
      if (literal !== null) specifiers.push(literal);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = literalText(node.argument.literal);
      if (literal !== null) specifiers.push(literal);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const spelt = callee.getText(source);
      if (callee.kind === ts.SyntaxKind.ImportKeyword) moduleArgument(node, "import");
      else if (requires.has(spelt) || spelt === "module.require" || isCreateRequireCall(callee))
        moduleArgument(node, "require");
      else if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === "resolve" &&
        (requires.has(callee.expression.getText(source)) ||
          isCreateRequireCall(callee.expression) ||
          (ts.isMetaProperty(callee.expression) && callee.expression.name.text === "meta"))
      )
        moduleArgument(node, "require.resolve");
      if (isCreateRequireCall(node)) {
        const [base] = node.arguments;
        const rooted = base?.getText(source) === "import.meta.url";
        if (!rooted) refused.push(`${here}: createRequire rooted elsewhere than import.meta.url`);
      }
      const fsCall =
        (ts.isIdentifier(callee) && fsFunctions.has(callee.text)) ||
        (ts.isPropertyAccessExpression(callee) && fsNamespaces.has(callee.expression.getText(source)));
      const [target] = node.arguments;
      if (fsCall && target && reachesProduct(evaluate(target)))
        refused.push(`${here}: reads ${spelt}(${target.getText(source)})`);
    }
    ts.forEachChild(node, visit);
  };
  // Names first (a const may be used above its line inside a function), then the calls.
  const collect = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) bind(node);
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const { name, initializer } = node;
      if (ts.isIdentifier(name)) consts.set(name.text, initializer);
      if (ts.isIdentifier(name) && isCreateRequireCall(initializer)) requires.add(name.text);
      // fs reached without an import statement: `await import("node:fs")`, a require of it.
      if (loadsFs(initializer)) {
        if (ts.isIdentifier(name)) fsNamespaces.add(name.text);
        else if (ts.isObjectBindingPattern(name))
          for (const element of name.elements)
            if (ts.isIdentifier(element.name)) fsFunctions.add(element.name.text);
      }
    }
    ts.forEachChild(node, collect);
  };
  collect(source);
  visit(source);
  return { specifiers, refused };
}

/**
 * The product files a test file's imports reach, as paths relative to the project, following
 * imports through the project's other files (a shared helper that imports src/ counts too).
 */
function productImports(file: string, text: string, seen = new Set<string>([file])): string[] {
  const { specifiers, refused } = scan(file, text);
  if (refused.length > 0) return refused;
  return specifiers.flatMap((specifier) => {
    const resolved = ts.resolveModuleName(specifier, file, config.options, ts.sys).resolvedModule;
    const target = resolved?.resolvedFileName && path.resolve(resolved.resolvedFileName);
    if (!target || resolved.isExternalLibraryImport || seen.has(target)) return [];
    if (FORBIDDEN.some((dir) => target.startsWith(dir))) return [path.relative(ROOT, target)];
    seen.add(target);
    return productImports(target, readFileSync(target, "utf8"), seen);
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the browser tests do not import the code they check", () => {
  it.each([
    ['import { formatMoney } from "~/features/stock/stock";', ["src/features/stock/stock.ts"]],
    ['import { formatMoney } from "../../src/features/stock/stock";', ["src/features/stock/stock.ts"]],
    ['export { EOFY_PATH } from "~/features/offers/eofy";', ["src/features/offers/eofy.ts"]],
    ['import type { Car } from "~/tenant/schemas/car";', ["src/tenant/schemas/car.ts"]],
    ['const m = await import("~/lib/dates");', ["src/lib/dates.ts"]],
    ['const m = require("../../scripts/sample-data");', ["scripts/sample-data/index.ts"]],
    ['const name = "~/lib/dates"; await import(name);', ["tests/e2e/probe.spec.ts: computed import"]],
    ["const m = await import(`~/lib/dates`);", ["src/lib/dates.ts"]],
    [`const name = "dates"; await import(\`~/lib/\${name}\`);`, ["tests/e2e/probe.spec.ts: computed import"]],
    [
      'import { createRequire } from "node:module"; createRequire(import.meta.url)("../../src/lib/dates");',
      ["src/lib/dates.ts"],
    ],
    [
      'import { createRequire as cr } from "node:module"; const load = cr(import.meta.url); load(`../../scripts/sample-data`);',
      ["scripts/sample-data/index.ts"],
    ],
    [
      'import * as mod from "node:module"; mod.createRequire(import.meta.url).resolve("../../src/lib/dates");',
      ["src/lib/dates.ts"],
    ],
    [
      'import { createRequire } from "node:module"; const load = createRequire(import.meta.url); const n = "x"; load(n);',
      ["tests/e2e/probe.spec.ts: computed require"],
    ],
    [
      'import { createRequire } from "node:module"; createRequire(new URL("../../src/", import.meta.url))("./lib/dates");',
      ["tests/e2e/probe.spec.ts: createRequire rooted elsewhere than import.meta.url"],
    ],
    [
      'import { readFileSync } from "node:fs"; readFileSync("src/features/stock/stock.ts", "utf8");',
      ['tests/e2e/probe.spec.ts: reads readFileSync("src/features/stock/stock.ts")'],
    ],
    [
      'import fs from "node:fs"; import path from "node:path"; fs.readFileSync(path.join(import.meta.dirname, "../../src/lib/dates.ts"));',
      [
        'tests/e2e/probe.spec.ts: reads fs.readFileSync(path.join(import.meta.dirname, "../../src/lib/dates.ts"))',
      ],
    ],
    [
      `import { readdirSync } from "node:fs"; import path from "node:path"; const ROOT = path.resolve(import.meta.dirname, "../.."); readdirSync(\`\${ROOT}/scripts\`);`,
      [`tests/e2e/probe.spec.ts: reads readdirSync(\`\${ROOT}/scripts\`)`],
    ],
    [
      `import { readFile } from "node:fs/promises"; const name = process.env.X; await readFile(new URL(\`../../src/lib/\${name}.ts\`, import.meta.url));`,
      [`tests/e2e/probe.spec.ts: reads readFile(new URL(\`../../src/lib/\${name}.ts\`, import.meta.url))`],
    ],
    [
      'import { readFileSync } from "node:fs"; import path from "node:path"; const ROOT = path.resolve(import.meta.dirname, "../.."); readFileSync(path.join(ROOT, process.env.X ?? ""));',
      ['tests/e2e/probe.spec.ts: reads readFileSync(path.join(ROOT, process.env.X ?? ""))'],
    ],
    [
      'const { readFileSync } = await import("node:fs"); readFileSync("scripts/sample-data/index.ts");',
      ['tests/e2e/probe.spec.ts: reads readFileSync("scripts/sample-data/index.ts")'],
    ],
    [
      'import { readFileSync } from "node:fs"; import path from "node:path"; readFileSync(path.join(import.meta.dirname, "../fixtures/e2e-tenants/kav/site.json"));',
      [],
    ],
    ['import { readFileSync } from "node:fs"; const bytes = (file: string) => readFileSync(file);', []],
    [
      'import { createRequire } from "node:module"; createRequire(import.meta.url).resolve("axe-core/axe.min.js");',
      [],
    ],
    ['import { expect } from "@playwright/test";', []],
    ['import { readFileSync } from "node:fs";', []],
    ['import { test } from "./support";', []],
    ['import { E2E_PORT } from "../../playwright.config";', []],
  ])("%s reaches %j", (source, reached) => {
    expect(productImports(path.join(E2E_DIR, "probe.spec.ts"), source)).toEqual(reached);
  });

  it("no file under tests/e2e reaches src/ or scripts/", () => {
    const files = filesUnder(E2E_DIR);
    expect(files.length).toBeGreaterThan(10);
    const offending = files.flatMap((file) =>
      productImports(file, readFileSync(file, "utf8")).map(
        (target) => `${path.relative(ROOT, file)} -> ${target}`,
      ),
    );
    expect(offending).toEqual([]);
  });
});
