/**
 * The filter grammar, a recursive descent over the token list (see index.ts for the grammar and
 * Meilisearch's `filter-parser`, which it follows error message for error message).
 */

import type { ComparisonOperator, FilterNode, Span } from "./ast";
import { EXPECTED_OPERATION, type FilterSyntaxError, syntaxError } from "./errors";
import { KEYWORDS, type Token, tokenize } from "./tokenize";

const MAX_DEPTH = 200;

class Parser {
  private index = 0;
  private readonly tokens: Token[];

  constructor(private readonly source: string) {
    this.tokens = tokenize(source);
  }

  parse(): FilterNode {
    const node = this.expression(0);
    const rest = this.peek();
    if (rest.kind !== "eof") {
      const fragment = this.source.slice(rest.start).trimEnd();
      throw syntaxError(
        `Found unexpected characters at the end of the filter: \`${fragment}\`. You probably forgot an \`OR\` or an \`AND\` rule.`,
        this.source,
        rest.start,
        fragment,
      );
    }
    return node;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== "eof") this.index++;
    return token;
  }

  private isKeyword(token: Token, keyword: string): boolean {
    return token.kind === "word" && token.text === keyword;
  }

  private depthGuard(depth: number): void {
    if (depth > MAX_DEPTH) {
      throw syntaxError(
        "The filter exceeded the maximum depth limit. Try rewriting the filter so that it contains fewer nested conditions.",
        this.source,
        0,
        this.source,
      );
    }
  }

  private expression(depth: number): FilterNode {
    this.depthGuard(depth);
    const children = [this.and(depth + 1)];
    while (this.isKeyword(this.peek(), "OR")) {
      this.next();
      children.push(this.and(depth + 1));
    }
    return children.length === 1 ? (children[0] as FilterNode) : { kind: "or", children };
  }

  private and(depth: number): FilterNode {
    this.depthGuard(depth);
    const children = [this.not(depth + 1)];
    while (this.isKeyword(this.peek(), "AND")) {
      this.next();
      children.push(this.not(depth + 1));
    }
    return children.length === 1 ? (children[0] as FilterNode) : { kind: "and", children };
  }

  private not(depth: number): FilterNode {
    this.depthGuard(depth);
    if (this.isKeyword(this.peek(), "NOT")) {
      this.next();
      const inner = this.not(depth + 1);
      // `NOT NOT x` is `x`, as in Meilisearch.
      return inner.kind === "not" ? inner.child : { kind: "not", child: inner };
    }
    return this.primary(depth + 1);
  }

  private invalidPrimary(start: number): FilterSyntaxError {
    const fragment = this.source.slice(start);
    const text = fragment.trim() === "" ? "but instead got nothing." : `at \`${fragment}\`.`;
    return syntaxError(`${EXPECTED_OPERATION} ${text}`, this.source, start, fragment);
  }

  private primary(depth: number): FilterNode {
    const first = this.peek();
    if (first.kind === "(") {
      this.next();
      const inner = this.expression(depth + 1);
      if (this.peek().kind !== ")") {
        const fragment = this.source.slice(first.start);
        throw syntaxError(
          `Expression \`${fragment}\` is missing the following closing delimiter: \`)\`.`,
          this.source,
          first.start,
          fragment,
        );
      }
      this.next();
      return inner;
    }
    if (first.kind === "word" && /^_geo(Radius|BoundingBox|Point|Polygon|Distance)?$/.test(first.text)) {
      throw syntaxError(
        `\`${first.text}\` is not supported by the embedded search engine: there is no \`_geo\` attribute.`,
        this.source,
        first.start,
        first.text,
      );
    }
    if (first.kind === "eof" || first.kind === ")" || (first.kind === "word" && KEYWORDS.has(first.text))) {
      throw this.invalidPrimary(first.start);
    }
    if (first.kind !== "word" && first.kind !== "string") {
      throw this.expectedValue(first);
    }
    this.next();
    const attribute = first.text;
    const span: Span = { source: this.source, start: first.start, end: first.end };
    const op = this.peek();

    if (op.kind === "op") {
      this.next();
      const value = this.value();
      if (op.text === "!=") {
        return { kind: "not", child: { kind: "compare", attribute, op: "=", value, span } };
      }
      return { kind: "compare", attribute, op: op.text as ComparisonOperator, value, span };
    }
    if (this.isKeyword(op, "IN")) {
      this.next();
      return { kind: "in", attribute, values: this.valueList(), span };
    }
    if (this.isKeyword(op, "NOT")) {
      const after = this.peek(1);
      if (this.isKeyword(after, "IN")) {
        this.next();
        this.next();
        return { kind: "not", child: { kind: "in", attribute, values: this.valueList(), span } };
      }
      if (this.isKeyword(after, "EXISTS")) {
        this.next();
        this.next();
        return { kind: "not", child: { kind: "exists", attribute, span } };
      }
      throw this.invalidPrimary(first.start);
    }
    if (this.isKeyword(op, "EXISTS")) {
      this.next();
      return { kind: "exists", attribute, span };
    }
    if (this.isKeyword(op, "IS")) {
      const negated = this.isKeyword(this.peek(1), "NOT");
      const what = this.peek(negated ? 2 : 1);
      if (this.isKeyword(what, "NULL") || this.isKeyword(what, "EMPTY")) {
        this.index += negated ? 3 : 2;
        const node: FilterNode = { kind: what.text === "NULL" ? "null" : "empty", attribute, span };
        return negated ? { kind: "not", child: node } : node;
      }
      throw this.invalidPrimary(first.start);
    }
    if ((op.kind === "word" && !KEYWORDS.has(op.text)) || op.kind === "string") {
      // `attribute from TO to`
      if (this.isKeyword(this.peek(1), "TO")) {
        this.next();
        this.next();
        const to = this.value();
        return { kind: "range", attribute, from: op.text, to, span };
      }
    }
    throw this.invalidPrimary(first.start);
  }

  private expectedValue(token: Token): FilterSyntaxError {
    if (token.kind === "eof" || token.text.trim() === "") {
      return syntaxError("Was expecting a value but instead got nothing.", this.source, token.start, "");
    }
    if (token.kind === "word" && KEYWORDS.has(token.text)) {
      return syntaxError(
        `Was expecting a value but instead got \`${token.text}\`, which is a reserved keyword. To use \`${token.text}\` as a field name or a value, surround it by quotes.`,
        this.source,
        token.start,
        token.text,
      );
    }
    return syntaxError(
      `Was expecting a value but instead got \`${token.text}\`.`,
      this.source,
      token.start,
      token.text,
    );
  }

  private value(): string {
    const token = this.peek();
    if (token.kind === "string" || (token.kind === "word" && !KEYWORDS.has(token.text))) {
      this.next();
      return token.text;
    }
    throw this.expectedValue(token);
  }

  /** `[a, b, c,]` after `IN`. */
  private valueList(): string[] {
    const open = this.peek();
    if (open.kind !== "[") {
      throw syntaxError(
        "Expected `[` after `IN` keyword.",
        this.source,
        open.start,
        this.source.slice(open.start),
      );
    }
    this.next();
    const values: string[] = [];
    for (;;) {
      const token = this.peek();
      if (token.kind === "]") break;
      if (token.kind === "eof") {
        throw syntaxError(
          "Expected matching `]` after the list of field names given to `IN[`",
          this.source,
          open.start,
          this.source.slice(open.start),
        );
      }
      if (token.kind !== "string" && !(token.kind === "word" && !KEYWORDS.has(token.text))) {
        const reserved = token.kind === "word" ? ", which is a reserved keyword" : "";
        throw syntaxError(
          `Expected only comma-separated field names inside \`IN[..]\` but instead found \`${this.source.slice(token.start)}\`${reserved}.`,
          this.source,
          token.start,
          this.source.slice(token.start),
        );
      }
      values.push(this.value());
      if (this.peek().kind === ",") this.next();
      else if (this.peek().kind !== "]" && this.peek().kind !== "eof") {
        const bad = this.peek();
        throw syntaxError(
          `Expected only comma-separated field names inside \`IN[..]\` but instead found \`${this.source.slice(bad.start)}\`.`,
          this.source,
          bad.start,
          this.source.slice(bad.start),
        );
      }
    }
    this.next();
    return values;
  }
}

/** Parses one filter string. Returns `null` for an empty or blank filter (Meilisearch ignores it). */
export function parseFilterString(source: string): FilterNode | null {
  if (source.trim() === "") return null;
  return new Parser(source).parse();
}
