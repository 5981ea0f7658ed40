/** A tenant's slug: its folder, its subdomain, its database role and its rows' key. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
