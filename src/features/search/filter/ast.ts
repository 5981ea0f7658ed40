/** The parsed form of a filter: what the grammar (grammar.ts) produces and evaluation reads. */

export type ComparisonOperator = "=" | "!=" | ">" | ">=" | "<" | "<=";

/** Where an attribute token sits in its filter string (for "not filterable" messages). */
export interface Span {
  readonly source: string;
  readonly start: number;
  readonly end: number;
}

export type FilterNode =
  | { readonly kind: "and"; readonly children: readonly FilterNode[] }
  | { readonly kind: "or"; readonly children: readonly FilterNode[] }
  | { readonly kind: "not"; readonly child: FilterNode }
  | {
      readonly kind: "compare";
      readonly attribute: string;
      readonly op: ComparisonOperator;
      readonly value: string;
      readonly span: Span;
    }
  | {
      readonly kind: "range";
      readonly attribute: string;
      readonly from: string;
      readonly to: string;
      readonly span: Span;
    }
  | {
      readonly kind: "in";
      readonly attribute: string;
      readonly values: readonly string[];
      readonly span: Span;
    }
  | { readonly kind: "exists" | "null" | "empty"; readonly attribute: string; readonly span: Span };

export type ConditionNode = Extract<FilterNode, { span: Span }>;
