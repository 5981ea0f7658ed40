/**
 * The checks every string and car id a shopper sends passes before it can reach Postgres, shared
 * by every form schema (leads, trade-in, unsubscribe, garage, phone reveal). Pure: zod only, so
 * the browser forms use the same rules.
 */
import { z } from "zod";

export const SHOPPER_INPUT_TEXTS = {
  /** A lone UTF-16 surrogate: nothing a keyboard types, and jsonb refuses it. */
  unreadable: "This has characters we can't read. Please retype it.",
  vehicle: "Please tell us which vehicle you are asking about.",
} as const;

/** Postgres text and jsonb cannot hold NUL; no shopper means to type one, so it is dropped. */
export const withoutNul = (value: string) => value.replaceAll("\u0000", "");

/**
 * A string as a shopper sends it: NUL dropped, and refused when it is not well-formed UTF-16 (a
 * lone surrogate), which Postgres would refuse for the whole statement, failing every lead
 * committed with it. Chain `.trim()`, `.min()`, `.max()` after it as on any string.
 */
export const shopperString = (message?: string) =>
  z
    .string(message === undefined ? undefined : { error: message })
    .overwrite(withoutNul)
    .refine((value) => value.isWellFormed(), SHOPPER_INPUT_TEXTS.unreadable);

/** Car ids are Postgres `integer` wherever they are stored or looked up. */
export const MAX_CAR_ID = 2_147_483_647;

/**
 * An optional car id from a form or a query string (`101` or `"101"`), kept as text the way leads
 * store it; anything but a whole number from 1 to MAX_CAR_ID is refused.
 */
export const optionalCarId = (message: string = SHOPPER_INPUT_TEXTS.vehicle) =>
  z
    .union([z.number(), z.string().overwrite(withoutNul).trim()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value == null || value === "") return undefined;
      const id = typeof value === "number" ? value : /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(id) || id < 1 || id > MAX_CAR_ID) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return String(id);
    });
