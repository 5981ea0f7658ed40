/**
 * One friendly-error helper for config and feed problems: every message names the file, the field,
 * what was wrong and what is allowed, so ops can fix a tenant without reading our code.
 */
import type { z } from "zod";

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} is invalid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(top level)";
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : `${i === 0 ? "" : "."}${String(part)}`))
    .join("");
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** A config value quoted for an error message: its JSON, cut to 60 characters. */
function describeValue(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) return "nothing";
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/** Turns zod issues into one line each: `field: what is wrong (got X); allowed: …`. */
export function describeIssues(error: z.ZodError, data: unknown): string[] {
  return error.issues.map((issue) => {
    const field = fieldPath(issue.path);
    switch (issue.code) {
      case "unrecognized_keys": {
        const many = issue.keys.length > 1;
        const names = issue.keys.map((k) => `"${k}"`).join(", ");
        return `${field}: unknown field${many ? "s" : ""} ${names}; remove ${many ? "them" : "it"} or check the spelling`;
      }
      case "invalid_value":
        return `${field}: ${describeValue(valueAt(data, issue.path))} is not allowed; use one of ${issue.values
          .map((v) => describeValue(v))
          .join(", ")}`;
      case "invalid_type": {
        const got = valueAt(data, issue.path);
        return got === undefined
          ? `${field}: is required (${issue.expected})`
          : `${field}: must be ${issue.expected}, got ${describeValue(got)}`;
      }
      case "too_small":
      case "too_big":
        return `${field}: ${issue.message} (got ${describeValue(valueAt(data, issue.path))})`;
      default:
        return `${field}: ${issue.message}${
          valueAt(data, issue.path) === undefined ? "" : ` (got ${describeValue(valueAt(data, issue.path))})`
        }`;
    }
  });
}

/** Parses `data` or throws a ConfigError naming `file` and each bad field. */
export function parseWithFriendlyErrors<T extends z.ZodType>(
  schema: T,
  data: unknown,
  file: string,
): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ConfigError(file, describeIssues(result.error, data));
}
