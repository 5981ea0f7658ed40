/**
 * What a shopper can do from a car's page, shared by the price card and the sticky bars (spec §2, §4):
 * a sold car offers Find Me Something Similar; a Test Drive Only car offers Book a Test Drive alone
 * (no finance or trade-in link); tenants whose Enquire Now opens a web chat link to the chat.
 */
import { financeLink } from "~/features/finance/finance-link";
import { isSold, isTestDriveOnly } from "~/features/stock/stock";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import { tradeInLink } from "./detail";

export interface VehicleActions {
  sold: boolean;
  testDriveOnly: boolean;
  /** Get Finance: none for a sold or Test Drive Only car, or without the finance calculator. */
  financeHref: string | null;
  /** Trade In: none for a Test Drive Only car, or where trade-ins are off. */
  tradeInHref: string | null;
  /** External web chat that replaces the enquiry dialog on some tenants. */
  webChat: string | undefined;
}

export function vehicleActions(car: Car, site: Site): VehicleActions {
  const sold = isSold(car);
  const testDriveOnly = isTestDriveOnly(car);
  return {
    sold,
    testDriveOnly,
    financeHref:
      sold || testDriveOnly || !site.features.finance_calculator ? null : financeLink(car, site.finance_link),
    tradeInHref: testDriveOnly ? null : tradeInLink(car, site),
    webChat: site.features.enquire_opens_web_chat ? site.vdp_config.web_chat_url : undefined,
  };
}
