/**
 * A tenant's markdown content: the frontmatter of its content pages (`pages/*.md`) and blog posts
 * (`blog/*.md`), and the pages and posts as the snapshot holds them (features/content reads and
 * renders the files).
 */
import { z } from "zod";
import { safeUrl } from "./urls";

export const contentFrontmatterSchema = z
  .object({ title: z.string().min(1), description: z.string().min(1) })
  .strict();

export const postFrontmatterSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().min(1),
    /** e.g. "Vehicle Reviews": the post lives at /blog/vehicle-reviews/{file name}. */
    category: z.string().trim().min(1),
    date: z.iso.date({ error: "must be a date like 2026-11-19" }),
    /** A site path (/media/…) or an https URL. */
    image: safeUrl.optional(),
  })
  .strict();

export interface ContentPage {
  /** URL path segment: the file name without `.md` (`about-us.md` → `/about-us`). */
  slug: string;
  title: string;
  description: string;
  html: string;
}

export interface BlogPostMeta {
  slug: string;
  title: string;
  description: string;
  category: string;
  /** YYYY-MM-DD. */
  date: string;
  image?: string | undefined;
}

export interface BlogPost extends BlogPostMeta {
  html: string;
}
