/** Meilisearch's error shape, and the request field checks that answer with its codes and messages. */
import { FilterSyntaxError } from "../filter";
import type { SearchRequest } from "./types";

/**
 * A Meilisearch-shaped API error. `name` is `MeiliSearchApiError` on purpose: meilisearch-js
 * rethrows errors of that name from a custom `httpClient` unchanged instead of wrapping them as
 * communication errors.
 */
export class SearchEngineError extends Error {
  readonly code: string;
  readonly type: string;
  readonly link: string;
  readonly httpStatus: number;

  constructor(message: string, code: string, httpStatus = 400, type = "invalid_request") {
    super(message);
    this.name = "MeiliSearchApiError";
    this.code = code;
    this.type = type;
    this.link = `https://docs.meilisearch.com/errors#${code}`;
    this.httpStatus = httpStatus;
  }

  toJSON(): { message: string; code: string; type: string; link: string } {
    return { message: this.message, code: this.code, type: this.type, link: this.link };
  }
}

export function invalid(code: string, message: string): SearchEngineError {
  return new SearchEngineError(message, code);
}

export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array: \`${JSON.stringify(value)}\``;
  if (typeof value === "object") return `an object: \`${JSON.stringify(value)}\``;
  if (typeof value === "string") return `a string: \`"${value}"\``;
  if (typeof value === "number") {
    return Number.isInteger(value)
      ? `${value < 0 ? "a negative" : "a positive"} integer: \`${value}\``
      : `a float: \`${value}\``;
  }
  return `a ${typeof value}: \`${String(value)}\``;
}

export function optionalCount(request: SearchRequest, field: string, code: string): number | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw invalid(
      code,
      `Invalid value type at \`.${field}\`: expected a positive integer, but found ${describeValue(value)}`,
    );
  }
  return value;
}

export function optionalStringList(
  request: SearchRequest,
  field: string,
  code: string,
): string[] | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string")
    return value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw invalid(
      code,
      `Invalid value type at \`.${field}\`: expected an array, but found ${describeValue(value)}`,
    );
  }
  return value as string[];
}

export function optionalString(request: SearchRequest, field: string, code: string): string | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    throw invalid(
      code,
      `Invalid value type at \`.${field}\`: expected a string, but found ${describeValue(value)}`,
    );
  }
  return value;
}

export function asEngineError(error: unknown): unknown {
  if (error instanceof FilterSyntaxError) return new SearchEngineError(error.message, error.code);
  return error;
}

export function prefixError(error: unknown, index: number): unknown {
  const converted = asEngineError(error);
  if (converted instanceof SearchEngineError) {
    return new SearchEngineError(
      `Inside \`.queries[${index}]\`: ${converted.message}`,
      converted.code,
      converted.httpStatus,
      converted.type,
    );
  }
  return converted;
}
