/**
 * Whether the header's links fit on one row beside the logo and phone, or hide behind the Menu
 * button. Each tenant has its own links, so the width the row needs is worked out from its labels:
 * at build time as an estimate (the media query that decides the first paint, without JavaScript),
 * then measured in the shopper's own fonts by site-header.client.ts, which corrects the estimate.
 * The sizes below are the header's CSS (site-header.css, site-header-bar.css) in px.
 */

import type { TenantData } from "~/tenant/tenant.server";
import { formatPhone } from "../locations/locations";
import { chromePages, siteChrome } from "./navigation";

/** The page container's widest content box and its side gutters (global.css `.container`). */
export const CONTAINER_MAX = 1200;
export const CONTAINER_GUTTERS = 32;
/** A media query's width includes a desktop scrollbar, which the container's does not. */
const SCROLLBAR = 17;
/** The logo's height in the bar; its width follows the image's own proportions. */
export const LOGO_HEIGHT = 40;
/** A logo is never drawn wider than this, however wide its proportions. */
export const LOGO_MAX_WIDTH = 240;
/** A logo is never drawn narrower than this (or its own width, when that is smaller). */
export const LOGO_MIN_WIDTH = 100;

/** Link text: 15 px, semibold. */
const LINK_FONT = 15;
/** Phone number: 16 px, bold. */
const PHONE_FONT = 16;
/**
 * An average glyph's width in em, on the wide side (DejaVu Sans, Linux's default sans-serif, is
 * about 0.62 em for these labels; Segoe UI and San Francisco are narrower): a narrower font only
 * makes the first paint show the Menu button a little longer than needed, never wrap a link.
 */
const EM_PER_CHAR = 0.64;
const LINK_PADDING = 2 * 9.6;
const LINK_GAP = 2;
/** The open-menu caret after a group's label: a 10 px triangle and its 5.6 px margin. */
const CARET = 15.6;
const BAR_GAP = 16;
const PHONE_ICON = 18 + 5.6;

export interface HeaderBarItem {
  label: string;
  children?: unknown[] | undefined;
}

/** How wide the logo is drawn: its proportions at the bar's height, within the limits above. */
export function logoWidth(logo: { width: number; height: number }): number {
  const natural = (LOGO_HEIGHT * logo.width) / logo.height;
  return Math.min(LOGO_MAX_WIDTH, Math.max(natural, Math.min(LOGO_MIN_WIDTH, logo.width)));
}

/**
 * The narrowest viewport, in whole px, at which the row of links is estimated to fit on one line
 * beside the logo and phone; null when it cannot fit even in the widest container.
 */
export function headerBarMinWidth(
  items: readonly HeaderBarItem[],
  logo: { width: number; height: number },
  phone: string | null | undefined,
): number | null {
  const links = items.reduce(
    (sum, item) =>
      sum + item.label.length * EM_PER_CHAR * LINK_FONT + LINK_PADDING + (item.children ? CARET : 0),
    LINK_GAP * Math.max(0, items.length - 1),
  );
  const phoneWidth = phone ? BAR_GAP + PHONE_ICON + phone.length * EM_PER_CHAR * PHONE_FONT : 0;
  const content = logoWidth(logo) + BAR_GAP + links + phoneWidth;
  return content > CONTAINER_MAX ? null : Math.ceil(content + CONTAINER_GUTTERS + SCROLLBAR);
}

/** The media query under which the row shows before the header's script has measured it. */
export function headerBarMedia(minWidth: number | null): string {
  return minWidth === null ? "not all" : `(min-width: ${minWidth}px)`;
}

/** What the header shows for a tenant: its links, its main location's phone, the row's media query. */
export function siteHeader(tenant: TenantData) {
  const { site, cars, locations } = tenant;
  const items = siteChrome(site, cars, chromePages(tenant)).header;
  const rawPhone = (locations.find((l) => l.primary) ?? locations[0])?.contact_detail.phone;
  const phone = rawPhone ? { text: formatPhone(rawPhone), raw: rawPhone } : null;
  return { items, phone, barMedia: headerBarMedia(headerBarMinWidth(items, site.logo, phone?.text)) };
}
