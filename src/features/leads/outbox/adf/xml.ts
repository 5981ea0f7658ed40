/** The little XML writer ADF documents need: escaping what XML 1.0 cannot carry, and indentation. */
// ---------------------------------------------------------------- XML

/** Everything XML 1.0 cannot carry: control characters, U+FFFE/U+FFFF and lone surrogates. */
export const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  // Only in attributes: a parser turns raw tabs and line breaks there into spaces.
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

/** Text content: line breaks as "\n" (a parser reads "\r\n" and "\r" so anyway), markup escaped. */
export function escapeText(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

export function escapeAttribute(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"'\t\n\r]/g, (c) => ENTITIES[c] as string);
}

export type Attributes = Record<string, string | undefined>;
export interface XmlElement {
  name: string;
  attributes: Attributes;
  /** Text, or child elements (falsy ones are left out). */
  content: string | Child[];
}
export type Child = XmlElement | "" | false | null | undefined;

export const el = (
  name: string,
  attributes: Attributes,
  content: XmlElement["content"] = "",
): XmlElement => ({
  name,
  attributes,
  content,
});

export function render(element: XmlElement, depth = 0): string {
  const indent = "  ".repeat(depth);
  const attributes = Object.entries(element.attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  const open = `${indent}<${element.name}${attributes}>`;
  if (typeof element.content === "string") return `${open}${escapeText(element.content)}</${element.name}>`;
  const children = element.content.filter((child): child is XmlElement => Boolean(child));
  return [open, ...children.map((child) => render(child, depth + 1)), `${indent}</${element.name}>`].join(
    "\n",
  );
}
