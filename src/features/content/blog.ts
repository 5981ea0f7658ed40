/**
 * The blog (spec §2 /blog, /blog/vehicle-reviews, "blog category cards"): posts grouped by
 * category, newest first. Pure: the posts come in.
 */

import { toSlug } from "~/features/search/slugs";
import type { BlogPostMeta } from "~/tenant/schemas/content";

export const BLOG_PATH = "/blog";

export interface BlogCategory {
  name: string;
  slug: string;
  count: number;
  /** Its newest post (the card's picture and teaser). */
  latest: BlogPostMeta;
  path: string;
}

export const categoryPath = (category: string) => `${BLOG_PATH}/${toSlug(category)}`;
export const postPath = (post: Pick<BlogPostMeta, "category" | "slug">) =>
  `${categoryPath(post.category)}/${post.slug}`;

/** Newest first; same-day posts by title, so a build is stable. */
export function newestFirst<T extends Pick<BlogPostMeta, "date" | "title">>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title, "en-AU"));
}

/** The category cards: each category with its post count and newest post, most recently posted first. */
export function blogCategories(posts: readonly BlogPostMeta[]): BlogCategory[] {
  const groups = new Map<string, BlogPostMeta[]>();
  for (const post of newestFirst(posts)) {
    const slug = toSlug(post.category);
    groups.set(slug, [...(groups.get(slug) ?? []), post]);
  }
  return [...groups.entries()].map(([slug, list]) => {
    const latest = list[0] as BlogPostMeta;
    return { name: latest.category, slug, count: list.length, latest, path: `${BLOG_PATH}/${slug}` };
  });
}

/** A category's posts, newest first. */
export function postsIn<T extends BlogPostMeta>(posts: readonly T[], categorySlug: string): T[] {
  return newestFirst(posts.filter((post) => toSlug(post.category) === categorySlug));
}
