/**
 * Column types every feature's table types share (each feature owns its tables' types and adds them
 * to the query layer with `db.$extendTables`, as features/account/tables.ts does).
 */
import type { ColumnType } from "kysely";

/** A timestamptz column: read as a Date, written as a Date or left to its default. */
export type Timestamp = ColumnType<Date, Date | undefined, Date>;
/** A nullable column that inserts may leave out (it starts as NULL). */
export type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
