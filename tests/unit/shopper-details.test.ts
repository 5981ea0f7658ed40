/**
 * Remembered shopper details (spec §3 stored user details: name, last_name, email, phone,
 * postcode): kept after an enquiry, read back defensively, and filling only a form's empty fields.
 */
import { setPersistentEngine } from "@nanostores/persistent";
import { beforeEach, describe, expect, it } from "vitest";
import {
  parseShopperDetails,
  prefillFor,
  SHOPPER_DETAILS_KEY,
  shopperDetailsOf,
} from "~/features/leads/shopper-details";
import {
  $shopperDetails,
  forgetShopperDetails,
  rememberShopperDetails,
} from "~/features/leads/shopper-details.store";

const lead = {
  kind: "enquiry",
  name: " Jo ",
  last_name: "Citizen",
  email: "jo@example.com",
  phone: "0412 345 678",
  postcode: "4000",
  message: "Is it still available?",
  car_id: 550014,
  opt_in: true,
};

describe("spec §3 stored user details: name, last_name, email, phone, postcode", () => {
  it("keeps exactly those five from a submitted lead, trimmed, and nothing else", () => {
    expect(shopperDetailsOf(lead)).toEqual({
      name: "Jo",
      last_name: "Citizen",
      email: "jo@example.com",
      phone: "0412 345 678",
      postcode: "4000",
    });
  });

  it("leaves out blanks and values that are not text", () => {
    expect(shopperDetailsOf({ name: "Jo", last_name: "  ", email: 5, phone: null })).toEqual({ name: "Jo" });
  });

  it.each<[string, string | null, Record<string, string>]>([
    ["nothing stored", null, {}],
    ["not JSON", "{oops", {}],
    ["a list", '["Jo"]', {}],
    ["other keys", '{"name":"Jo","message":"hi","token":"x"}', { name: "Jo" }],
    [
      "an over-long value",
      JSON.stringify({ name: "J".repeat(300), email: "jo@example.com" }),
      { email: "jo@example.com" },
    ],
  ])("reads %s defensively", (_, raw, expected) => {
    expect(parseShopperDetails(raw)).toEqual(expected);
  });
});

describe("after one enquiry the other forms are pre-filled", () => {
  const details = {
    name: "Jo",
    last_name: "Citizen",
    email: "jo@example.com",
    phone: "0412 345 678",
    postcode: "4000",
  };

  it("fills only the fields the form has", () => {
    expect(prefillFor(details, ["name", "email", "phone", "message"], {})).toEqual({
      name: "Jo",
      email: "jo@example.com",
      phone: "0412 345 678",
    });
  });

  it("never replaces a value the page already gave (a checkout's verified phone)", () => {
    expect(
      prefillFor(details, ["name", "phone", "postcode"], { phone: "0499 000 111", postcode: "" }),
    ).toEqual({
      name: "Jo",
      postcode: "4000",
    });
  });
});

describe("kept in this browser, and Not you? clears them", () => {
  let storage: Record<string, string>;
  beforeEach(() => {
    storage = {};
    setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
    $shopperDetails.set({});
  });

  it("remembers a lead's details under lead:shopper-details and forgets them", () => {
    expect(SHOPPER_DETAILS_KEY).toBe("lead:shopper-details");
    rememberShopperDetails(lead);
    expect(JSON.parse(storage["lead:shopper-details"] ?? "null")).toEqual({
      name: "Jo",
      last_name: "Citizen",
      email: "jo@example.com",
      phone: "0412 345 678",
      postcode: "4000",
    });
    forgetShopperDetails();
    expect(JSON.parse(storage["lead:shopper-details"] ?? "null")).toEqual({});
    expect($shopperDetails.get()).toEqual({});
  });
});
