/** Header mega-menu and footer groups (spec §2), derived from the tenant and its published stock. */

import { WATCHLIST_PATH } from "~/features/account/account";
import { GARAGE_PATH } from "~/features/account/garage";
import { COMPARE_PATH } from "~/features/compare/compare";
import { FAVOURITES_PATH } from "~/features/favourites/favourites";
import { EOFY_PATH } from "~/features/offers/eofy";
import { ONLINE_PAYMENT_PATH } from "~/features/payments/payments";
import { DEFAULT_SEARCH_PATH, makeModelPath } from "~/features/search/slugs";
import { SPIN_TO_WIN_PATH } from "~/features/spin-to-win/spin-to-win";
import { bodyLabel } from "~/features/stock/specifications";
import { carTypeLabel, sortCarTypes } from "~/features/stock/stock";
import { campaignState } from "~/lib/campaign";
import type { NavItem, Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";

export interface FooterGroup {
  title: string;
  links: { label: string; href: string }[];
}

const CAR_TYPE_PATHS = {
  new: "/search/new-cars",
  demo: "/search/demo-cars",
  used: "/search/used-cars",
} as const;

/**
 * Links to pages a tenant has only when it writes them (`pages/<slug>.md`): kept in the header and
 * footer only for tenants that have the page, so no menu leads to a 404.
 */
export const OPTIONAL_CONTENT_PAGES = [
  "/blog",
  EOFY_PATH,
  "/capped-price-servicing",
  "/diamond-advantage",
  "/vehicle-parts-and-accessories",
  "/roadside-assist",
  "/warranty",
  "/fleet",
  "/buying",
] as const;

/**
 * Spec §2 servicing pages, in the order the Service menu and the footer's "Servicing and Parts"
 * list them; each shows only where the tenant has the page (a franchise dealer's capped price
 * servicing, a make's owner programme such as /diamond-advantage).
 */
const SERVICING_LINKS = [
  { label: "Book a Service", href: "/service" },
  { label: "Capped Price Servicing", href: "/capped-price-servicing" },
  { label: "Diamond Advantage", href: "/diamond-advantage" },
  { label: "Parts and Accessories", href: "/vehicle-parts-and-accessories" },
  { label: "Roadside Assist", href: "/roadside-assist" },
  { label: "Warranty", href: "/warranty" },
];

/** Drops links to optional content pages the tenant lacks (children too). */
function withExistingPages<T extends { href: string; children?: T[] | undefined }>(
  links: T[],
  pageSlugs: ReadonlySet<string>,
): T[] {
  return links
    .filter(
      (link) =>
        !(OPTIONAL_CONTENT_PAGES as readonly string[]).includes(link.href) ||
        pageSlugs.has(link.href.slice(1)),
    )
    .map((link) =>
      link.children ? { ...link, children: withExistingPages(link.children, pageSlugs) } : link,
    );
}

/** Values of `pick(car)` by how many published cars have them, most first. */
export function countBy(
  cars: readonly Car[],
  pick: (car: Car) => string | null | undefined,
): [string, number][] {
  const counts = new Map<string, number>();
  for (const car of cars) {
    const value = pick(car);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/**
 * The `n` most common values of `pick(car)`, in alphabetical order. Which values are listed
 * follows the stock; their order does not, so one car sold or arrived seldom changes a menu, and
 * with it the header or footer of every page (which would send every page to be rendered again).
 */
export function mostCommon(
  cars: readonly Car[],
  pick: (car: Car) => string | null | undefined,
  n: number,
  label: (value: string) => string = (value) => value,
): string[] {
  return countBy(cars, pick)
    .slice(0, n)
    .map(([value]) => value)
    .sort((a, b) => label(a).localeCompare(label(b)));
}

/** Car types this site offers, in the spec's order (new, demo, used). */
export function siteCarTypes(site: Site, cars: readonly Car[]) {
  const present = new Set(cars.map((car) => car.car_type));
  return sortCarTypes((site.car_types ?? site.search_filters.car_types).filter((type) => present.has(type)));
}

/** The spec's header nav: Home, Vehicles, Stock, Offers, Finance, Trade In, Service, About Us. */
export function headerNav(
  site: Site,
  cars: readonly Car[],
  pageSlugs: ReadonlySet<string> = new Set(),
): NavItem[] {
  if (site.navigation) return site.navigation;
  const types = siteCarTypes(site, cars);
  const makes = mostCommon(cars, (car) => car.make, 12);
  const vehicles: NavItem[] = [
    ...types.map((type) => ({ label: `${carTypeLabel(type, site)} Vehicles`, href: CAR_TYPE_PATHS[type] })),
    { label: "All Vehicles", href: DEFAULT_SEARCH_PATH },
    ...(makes.length > 1 ? makes.map((make) => ({ label: make, href: makeModelPath(make) })) : []),
  ];
  const items: NavItem[] = [
    { label: "Home", href: "/" },
    { label: "Vehicles", href: DEFAULT_SEARCH_PATH, children: vehicles },
    { label: "Stock", href: DEFAULT_SEARCH_PATH },
    { label: "Offers", href: "/special-offers" },
    {
      label: "Finance",
      href: "/finance",
      children: [
        { label: "Car Finance", href: "/finance" },
        { label: "Finance Pre-Approval", href: "/finance-pre-approval" },
        { label: "Apply for Finance", href: "/apply-for-finance" },
      ],
    },
  ];
  if (site.features.trade_in) items.push({ label: "Trade In", href: "/trade-in" });
  items.push(
    {
      label: "Service",
      href: "/service",
      children: SERVICING_LINKS,
    },
    {
      label: "About Us",
      href: "/about-us",
      children: [
        { label: "About Us", href: "/about-us" },
        { label: "Our Locations", href: "/dealer-locator" },
        { label: "Contact Us", href: "/contact-us" },
        { label: "Careers", href: "/careers" },
      ],
    },
  );
  return withExistingPages(items, pageSlugs);
}

export interface SisterBusiness {
  label: string;
  href: string;
  /** Another site's address (linked with rel=noopener), not a page of this one. */
  external: boolean;
  logo: { url: string; width: number; height: number } | null;
}

/**
 * A group's sister businesses (spec §2 group pages link /twg-cars, /twg-rental …), in site.json
 * order: a path stays on this site, an https address is another site.
 */
export function sisterBusinesses(site: Pick<Site, "sister_businesses">): SisterBusiness[] {
  return site.sister_businesses.map((business) => ({
    label: business.label,
    href: business.href,
    external: /^https:/i.test(business.href),
    logo: business.logo
      ? { url: business.logo.url, width: business.logo.width, height: business.logo.height }
      : null,
  }));
}

/** Footer groups: Vehicles by body type, Models, Buyer Tools, Servicing and Parts, dealer group. */
export function footerGroups(
  site: Site,
  cars: readonly Car[],
  pageSlugs: ReadonlySet<string> = new Set(),
): FooterGroup[] {
  const bodies = mostCommon(cars, (car) => car.simple_body, 8, bodyLabel);
  const models = mostCommon(
    cars,
    (car) => `${car.make}\u0000${car.model}`,
    8,
    (key) => key.replace("\u0000", " "),
  );
  const buyerTools = [
    { label: "Car Finance", href: "/finance" },
    { label: "Book a Test Drive", href: "/book-test-drive" },
    ...(site.features.trade_in ? [{ label: "Value My Trade-In", href: "/trade-in" }] : []),
    { label: "Sell My Car", href: "/sell-my-car" },
    // A group's buying centre (spec §3 location_subtype "buying"), where it has the page.
    { label: "We Buy Cars", href: "/buying" },
    { label: "Special Offers", href: "/special-offers" },
    // Lists kept in the shopper's browser: reachable from every page, not only from a car.
    ...(site.features.favourites
      ? [
          { label: "Your Favourites", href: FAVOURITES_PATH },
          { label: "Compare Cars", href: COMPARE_PATH },
        ]
      : []),
    // Kept on the server for a signed-in shopper (spec §4 watchlist).
    ...(site.features.watchlist ? [{ label: "Your Watchlist", href: WATCHLIST_PATH }] : []),
    // The shopper's own vehicles, behind sign-in (spec §2 /my-garage).
    ...(site.garage_enabled ? [{ label: "My Garage", href: GARAGE_PATH }] : []),
    // Behind sign-in, always (spec §4).
    ...(site.online_payment ? [{ label: "Make a Payment", href: ONLINE_PAYMENT_PATH }] : []),
    // A campaign's page says itself when it has not opened yet or has ended.
    ...(site.spin_to_win ? [{ label: "Spin to Win", href: SPIN_TO_WIN_PATH }] : []),
    // Linked while the sale is on or coming (chromePages), never once it has ended.
    { label: site.eofy_sale?.title ?? "EOFY Sale", href: EOFY_PATH },
  ];
  return [
    {
      title: "Vehicles by body type",
      links: bodies.map((body) => ({
        label: bodyLabel(body),
        href: `/models?body=${encodeURIComponent(body)}`,
      })),
    },
    {
      title: "Models",
      links: models.map((key) => {
        const [make = "", model = ""] = key.split("\u0000");
        return { label: `${make} ${model}`, href: makeModelPath(make, model) };
      }),
    },
    { title: "Buyer Tools", links: buyerTools },
    {
      title: "Servicing and Parts",
      links: SERVICING_LINKS,
    },
    {
      title: site.name,
      links: [
        { label: "About Us", href: "/about-us" },
        { label: "Our Locations", href: "/dealer-locator" },
        { label: "Our Brands", href: "/brands" },
        { label: "Fleet Sales", href: "/fleet" },
        { label: "Blog", href: "/blog" },
        { label: "Contact Us", href: "/contact-us" },
        { label: "Careers", href: "/careers" },
        { label: "Privacy Policy", href: "/privacy-policy" },
        { label: "Terms and Conditions", href: "/terms-and-conditions" },
      ],
    },
  ]
    .map((group) => ({ ...group, links: withExistingPages(group.links, pageSlugs) }))
    .filter((group) => group.links.length > 0);
}

/**
 * The pages the header and footer may link: the content pages, the blog when it has posts, and the
 * EOFY sale until it ends (as of the build's clock).
 */
export function chromePages(tenant: {
  pages: readonly { slug: string }[];
  posts?: readonly unknown[] | undefined;
  site?: Pick<Site, "eofy_sale">;
  now?: string;
}): { slug: string }[] {
  const sale = tenant.site?.eofy_sale;
  const saleOn = sale && campaignState(sale, tenant.now ? new Date(tenant.now) : new Date()) !== "ended";
  return [
    ...tenant.pages,
    ...((tenant.posts?.length ?? 0) > 0 ? [{ slug: "blog" }] : []),
    ...(saleOn ? [{ slug: EOFY_PATH.slice(1) }] : []),
  ];
}

const chromeCache = new WeakMap<readonly Car[], { header: NavItem[]; footer: FooterGroup[] }>();

/**
 * Header and footer are the same on every page of a tenant; computing them per page would make a
 * build quadratic in the stock size, so they are derived once per published car list.
 */
export function siteChrome(
  site: Site,
  cars: readonly Car[],
  pages: readonly { slug: string }[],
): { header: NavItem[]; footer: FooterGroup[] } {
  let chrome = chromeCache.get(cars);
  if (!chrome) {
    const pageSlugs = new Set(pages.map((page) => page.slug));
    chrome = { header: headerNav(site, cars, pageSlugs), footer: footerGroups(site, cars, pageSlugs) };
    chromeCache.set(cars, chrome);
  }
  return chrome;
}
