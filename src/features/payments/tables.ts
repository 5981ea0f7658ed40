/**
 * Table types of payments and the holds reserve deposits buy (migrations "2026_11_26_007_payments"
 * and "2026_11_29_090_reservations"), added to the shared query layer with `db.$extendTables`.
 */
import type { ColumnType } from "kysely";
import type { Optional, Timestamp } from "~/lib/db/columns";
import type { Db } from "~/lib/db/db.server";
import type { PaymentStatus } from "./payments";
import type { ReservationState } from "./reservations";

export type PaymentsTable = {
  id: string;
  tenant: string;
  user_id: string;
  phone: string;
  purpose: string;
  reference: string;
  amount_cents: number;
  name: string;
  last_name: string | null;
  email: string;
  dealership_slug: string | null;
  status: PaymentStatus;
  provider: string;
  provider_ref: string | null;
  return_url: string;
  lead_id: string | null;
  /** The car a reserve deposit holds; null for every other payment. */
  car_id: Optional<number>;
  car_slug: Optional<string>;
  /** The car's fields for the dealer's CRM (the checkout page's lead fields), as at the start. */
  car_fields: ColumnType<Record<string, string | number> | null, string | null | undefined, string | null>;
  /** The provider's id of the money taken (Stripe's payment intent): what a refund names. */
  provider_payment_ref: Optional<string>;
  refund_ref: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ReservationsTable = {
  id: string;
  tenant: string;
  car_id: number;
  payment_id: string;
  user_id: string;
  amount_cents: number;
  state: ReservationState;
  paid_at: Date;
  reserved_until: Date;
  ended_at: Optional<Date>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export const paymentDb = (db: Db) =>
  db.$extendTables<{ payments: PaymentsTable; reservations: ReservationsTable }>();
