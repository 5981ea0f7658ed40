import { describe, expect, it } from "vitest";
import {
  formatCentsMoney,
  formatDecimal,
  formatKm,
  formatMoney,
  formatNumber,
  formatWholeNumber,
} from "~/lib/format";

describe("whole dollars (prices, deposits, delivery, repayments)", () => {
  it.each<[number, string]>([
    [29990, "$29,990"],
    [12990, "$12,990"],
    [0, "$0"],
    [1_234_567, "$1,234,567"],
    [29990.4, "$29,990"],
    [257.5, "$258"],
    [149, "$149"],
    [-500, "-$500"],
  ])("formats %d as %s", (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });
});

describe("dollars and cents (payments, fuel cost, repayments with cents)", () => {
  it.each<[number, string]>([
    [1115.08, "$1,115.08"],
    [1234.5, "$1,234.50"],
    [250, "$250.00"],
    [0, "$0.00"],
    [12.345, "$12.35"],
    [0.5, "$0.50"],
  ])("formats %d as %s", (amount, text) => {
    expect(formatCentsMoney(amount)).toBe(text);
  });
});

describe("plain numbers (spec rows, counts, views)", () => {
  it.each<[number, string]>([
    [45210, "45,210"],
    [1, "1"],
    [0, "0"],
    [1500, "1,500"],
    [2.5, "2.5"],
    [8.1234, "8.123"],
    [1_000_000, "1,000,000"],
  ])("formats %d as %s", (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe("whole numbers (trade-in amounts and kilometres while typing)", () => {
  it.each<[number, string]>([
    [15000, "15,000"],
    [15000.4, "15,000"],
    [999.5, "1,000"],
    [0, "0"],
  ])("formats %d as %s", (value, text) => {
    expect(formatWholeNumber(value)).toBe(text);
  });
});

describe("kilometres", () => {
  it.each<[number, string]>([
    [45210, "45,210 km"],
    [0, "0 km"],
    [12, "12 km"],
  ])("formats %d as %s", (km, text) => {
    expect(formatKm(km)).toBe(text);
  });
});

describe("fixed decimals (calculator fields)", () => {
  it.each<[number, number, string]>([
    [30000, 0, "30,000"],
    [6.49, 0, "6.49"],
    [1.7, 2, "1.70"],
    [1.705, 2, "1.71"],
    [7.5, 1, "7.5"],
    [0.1234, 3, "0.123"],
  ])("formats %d with %d places as %s", (value, decimals, text) => {
    expect(formatDecimal(value, decimals)).toBe(text);
  });
});
