/** Splits a filter string into tokens, unescaping quoted values as Meilisearch does. */

import { syntaxError } from "./errors";

type TokenKind = "word" | "string" | "op" | "(" | ")" | "[" | "]" | "," | "invalid" | "eof";

export interface Token {
  readonly kind: TokenKind;
  /** Unescaped value for words/strings, the operator for ops. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export const KEYWORDS = new Set([
  "AND",
  "OR",
  "IN",
  "NOT",
  "TO",
  "EXISTS",
  "IS",
  "NULL",
  "EMPTY",
  "CONTAINS",
  "STARTS",
  "WITH",
  "_geoRadius",
  "_geoBoundingBox",
]);

const WORD_CHAR = /[\p{Alphabetic}\p{N}_.-]/u;
const SPACE = /\s/u;
/** Characters that end an unrecognised run (Meilisearch's `is_syntax_component`). */
const SYNTAX_CHAR = /[\s()=<>!]/u;

/** The escapes Meilisearch's unescaper understands after quote-unescaping. */
function unescapeQuoted(raw: string, quote: string, source: string, start: number): string {
  if (!raw.includes("\\")) return raw;
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = raw[++i];
    switch (next) {
      case quote:
      case "\\":
      case "'":
      case '"':
      case "/":
        out += next;
        break;
      case "n":
        out += "\n";
        break;
      case "t":
        out += "\t";
        break;
      case "r":
        out += "\r";
        break;
      case "b":
        out += "\b";
        break;
      case "f":
        out += "\f";
        break;
      case "0":
        out += "\0";
        break;
      case "u": {
        const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(raw.slice(i + 1));
        const plain = /^[0-9a-fA-F]{4}/.exec(raw.slice(i + 1));
        const hex = braced?.[1] ?? plain?.[0];
        const code = hex === undefined ? Number.NaN : Number.parseInt(hex, 16);
        if (Number.isNaN(code) || code > 0x10ffff) {
          throw syntaxError(`Found an invalid escaped sequence number: \`${raw}\`.`, source, start, raw);
        }
        out += String.fromCodePoint(code);
        i += braced ? (braced[0] as string).length : 4;
        break;
      }
      default:
        throw syntaxError(`Malformed value: \`${raw}\`.`, source, start, raw);
    }
  }
  return out;
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (SPACE.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === "'" || c === '"') {
      // Scan to the matching unescaped quote; a backslash always escapes the next character.
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === "\\" ? 2 : 1;
      if (j >= source.length) {
        throw syntaxError(
          `Expression \`${source.slice(start)}\` is missing the following closing delimiter: \`${c}\`.`,
          source,
          start,
          source.slice(start),
        );
      }
      const raw = source.slice(i + 1, j);
      tokens.push({ kind: "string", text: unescapeQuoted(raw, c, source, i + 1), start, end: j + 1 });
      i = j + 1;
      continue;
    }
    if (c === "<" || c === ">" || c === "!" || c === "=") {
      const two = source.slice(i, i + 2);
      if (two === "<=" || two === ">=" || two === "!=") {
        tokens.push({ kind: "op", text: two, start, end: i + 2 });
        i += 2;
      } else if (c === "!") {
        tokens.push({ kind: "invalid", text: "!", start, end: i + 1 });
        i++;
      } else {
        tokens.push({ kind: "op", text: c, start, end: i + 1 });
        i++;
      }
      continue;
    }
    if (c === "(" || c === ")" || c === "[" || c === "]" || c === ",") {
      tokens.push({ kind: c, text: c, start, end: i + 1 });
      i++;
      continue;
    }
    const cp = source.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    if (WORD_CHAR.test(ch)) {
      let j = i;
      while (j < source.length) {
        const w = String.fromCodePoint(source.codePointAt(j) as number);
        if (!WORD_CHAR.test(w)) break;
        j += w.length;
      }
      tokens.push({ kind: "word", text: source.slice(i, j), start, end: j });
      i = j;
      continue;
    }
    // Something that is neither syntax nor a value: keep the whole run for the error message.
    let j = i;
    while (j < source.length) {
      const w = String.fromCodePoint(source.codePointAt(j) as number);
      if (SYNTAX_CHAR.test(w)) break;
      j += w.length;
    }
    tokens.push({ kind: "invalid", text: source.slice(i, j), start, end: j });
    i = j;
  }
  tokens.push({ kind: "eof", text: "", start: source.length, end: source.length });
  return tokens;
}
