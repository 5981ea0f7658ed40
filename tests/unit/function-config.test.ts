/**
 * Netlify reads a function's `export const config` from its source, statically, without running it:
 * an imported constant or a computed value is invisible there, and the function is then reachable
 * only at /.netlify/functions/<name> (the local server imports the module, so it never notices).
 * Every config must be an object of literals, and Netlify's own reader (zip-it-and-ship-it's
 * listFunctions) must see what the module exports at run time.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { listFunctions } from "@netlify/zip-it-and-ship-it";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const FUNCTIONS_DIR = path.resolve("src/functions");
const files = readdirSync(FUNCTIONS_DIR)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
  .sort();

type Literal = string | number | boolean | Literal[];

/** The value of a literal expression (string, number, boolean, array of those), else undefined. */
function literalValue(node: ts.Expression): Literal | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map((element) => literalValue(element));
    return items.every((item) => item !== undefined) ? (items as Literal[]) : undefined;
  }
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node))
    return literalValue(node.expression);
  return undefined;
}

/** `export const config = { … }` of a function file, read as Netlify would: literals only. */
function staticConfig(file: string, source: string): { config: Record<string, Literal>; problems: string[] } {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const problems: string[] = [];
  const config: Record<string, Literal> = {};
  let found = false;
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    for (const declaration of statement.declarationList.declarations) {
      if (!exported || !ts.isIdentifier(declaration.name) || declaration.name.text !== "config") continue;
      found = true;
      let init = declaration.initializer;
      while (
        init &&
        (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
      )
        init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init)) {
        problems.push(`${file}: config is not an object literal`);
        continue;
      }
      for (const property of init.properties) {
        const name =
          property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
            ? property.name.text
            : property.getText(sourceFile);
        const value = ts.isPropertyAssignment(property) ? literalValue(property.initializer) : undefined;
        if (value === undefined) {
          problems.push(`${file}: config.${name} is not a literal (${property.getText(sourceFile)})`);
        } else config[name] = value;
      }
    }
  }
  if (!found) problems.push(`${file}: no \`export const config\``);
  else if (!("path" in config) && !("schedule" in config) && problems.length === 0)
    problems.push(`${file}: config has neither a path nor a schedule`);
  return { config, problems };
}

describe("function config that Netlify can read", () => {
  it("finds the functions", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it("every src/functions/*.ts exports a config whose path and schedule are literals", () => {
    const problems = files.flatMap(
      (file) => staticConfig(file, readFileSync(path.join(FUNCTIONS_DIR, file), "utf8")).problems,
    );
    expect(problems).toEqual([]);
  });

  it("names a non-literal path or schedule", () => {
    const imported = `import { X } from "./x";\nexport default async () => new Response();\nexport const config = { path: X };`;
    expect(staticConfig("a.ts", imported).problems).toEqual(["a.ts: config.path is not a literal (path: X)"]);
    const computed = 'export const config = { schedule: every("minute") };';
    expect(staticConfig("b.ts", computed).problems).toEqual([
      'b.ts: config.schedule is not a literal (schedule: every("minute"))',
    ]);
    expect(staticConfig("c.ts", 'export const config = { path: ["/a", "/b"] };')).toEqual({
      config: { path: ["/a", "/b"] },
      problems: [],
    });
  });

  it("Netlify's reader (zip-it-and-ship-it) sees the path and schedule each module exports", async () => {
    const listed = await listFunctions([FUNCTIONS_DIR], { parseISC: true });
    const seen = Object.fromEntries(
      listed.map((fn) => [
        fn.name,
        { path: fn.routes?.map((route) => route.pattern) ?? [], schedule: fn.schedule },
      ]),
    );
    const exported = Object.fromEntries(
      await Promise.all(
        files.map(async (file) => {
          const mod = (await import(pathToFileURL(path.join(FUNCTIONS_DIR, file)).href)) as {
            config: { path?: string | string[]; schedule?: string };
          };
          const paths = mod.config.path === undefined ? [] : [mod.config.path].flat();
          return [path.basename(file, ".ts"), { path: paths, schedule: mod.config.schedule }];
        }),
      ),
    );
    expect(seen).toEqual(exported);
  });
});
