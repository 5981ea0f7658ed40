/**
 * Content pages (`tenants/<slug>/pages/*.md`: about, terms, privacy, service…): YAML frontmatter
 * (`title`, `description`) plus markdown, rendered to sanitized HTML at build time.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { ConfigError, parseWithFriendlyErrors } from "~/tenant/errors";
import {
  type BlogPost,
  type ContentPage,
  contentFrontmatterSchema,
  postFrontmatterSchema,
} from "~/tenant/schemas/content";

/** Routes the site already owns; a content page may not shadow them. */
const RESERVED = new Set([
  "cars",
  "search",
  "api",
  "404",
  "index",
  "sitemap",
  "robots",
  "media",
  "_astro",
  "blog",
  "brands",
]);

const CONTENT_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img"],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "width", "height", "loading"] },
  allowedSchemes: ["https", "mailto", "tel"],
  // The page title is the only h1.
  transformTags: { h1: "h2" },
};

/** Splits a markdown file into its validated frontmatter and its body as sanitized HTML. */
function parseMarkdown<T extends z.ZodType>(
  file: string,
  source: string,
  schema: T,
  fields: string,
): { meta: z.output<T>; html: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ConfigError(file, [`must start with YAML frontmatter between --- lines (${fields})`]);
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (error) {
    throw new ConfigError(file, [`frontmatter is not valid YAML: ${(error as Error).message}`]);
  }
  const meta = parseWithFriendlyErrors(schema, data, file);
  const html = sanitizeHtml(marked.parse(match[2] ?? "", { async: false }), CONTENT_HTML);
  return { meta, html };
}

export function parseContentPage(file: string, source: string): ContentPage {
  const { meta, html } = parseMarkdown(file, source, contentFrontmatterSchema, "title, description");
  return { slug: path.basename(file, ".md"), ...meta, html };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The `.md` files of a folder, sorted by name, with their slug (the name without `.md`). */
function markdownFiles(dir: string): { file: string; slug: string; source: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      return { file, slug: path.basename(name, ".md"), source: readFileSync(file, "utf8") };
    });
}

/** `tenants/<slug>/blog/*.md` (spec §2 /blog): title, description, category, date, image. */
export function loadBlogPosts(tenantDir: string): BlogPost[] {
  return markdownFiles(path.join(tenantDir, "blog")).map(({ file, slug, source }) => {
    if (!SLUG.test(slug)) throw new ConfigError(file, [`file name "${slug}" must be a URL slug`]);
    const { meta, html } = parseMarkdown(
      file,
      source,
      postFrontmatterSchema,
      "title, description, category, date",
    );
    return { slug, ...meta, html };
  });
}

export function loadContentPages(tenantDir: string): ContentPage[] {
  return markdownFiles(path.join(tenantDir, "pages")).map(({ file, slug, source }) => {
    if (!SLUG.test(slug) || RESERVED.has(slug)) {
      throw new ConfigError(file, [
        `file name "${slug}" must be a URL slug and not one of ${[...RESERVED].join(", ")}`,
      ]);
    }
    return parseContentPage(file, source);
  });
}
