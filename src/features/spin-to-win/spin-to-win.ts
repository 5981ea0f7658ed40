/**
 * Spin to Win (spec §2 /spin-to-win; §4 gated per site): the campaign's window, the weighted draw
 * (made on the server, never in the browser), the wheel's geometry and the texts a shopper reads.
 * Pure: the page, the function and the tests import it.
 */
import { campaignState, startDate } from "~/lib/campaign";
import type { SpinToWin } from "~/tenant/schemas/spin-to-win";

export const SPIN_TO_WIN_PATH = "/spin-to-win";

export const SPIN_TEXTS = {
  notRunning: "Spin to Win is not running on this site.",
  upcoming: (date: string) => `Spin to Win opens on ${date}. Please come back then.`,
  ended: "This Spin to Win has ended. Thank you for your interest.",
  signInNeeded: "Please sign in to spin the wheel.",
  /** A site that does not gate the page still spins only for a mobile proven by a texted code. */
  codeNeeded: "Please confirm your mobile number with the code we text you, then spin the wheel.",
  otherPhone: "You can only spin with the mobile number you confirmed.",
  won: (prize: string) => `You won ${prize}!`,
  already: (prize: string) =>
    `You have already spun the wheel with this mobile number. Your prize: ${prize}.`,
  claim: (dealer: string) =>
    `We've passed your prize to ${dealer} with your details; they'll be in touch to arrange it.`,
  unavailable: "We couldn't spin the wheel just now. Please try again in a moment.",
} as const;

/**
 * The spin lead's message: the spin's own statement of the prize, then anything the shopper typed,
 * labelled as theirs, so the dealer never reads a shopper's words as what was won.
 */
export function spinMessage(
  campaign: Pick<SpinToWin, "title" | "terms">,
  prize: string,
  comments: string | undefined,
): string {
  const statement = `Spin to Win (${campaign.title}): won ${prize}. ${campaign.terms}`;
  return comments ? `${statement}\n\nShopper's comments: ${comments}` : statement;
}

/** Why a campaign that is not open cannot be entered, in the dealer's time zone; null when open. */
export function closedMessage(
  campaign: Pick<SpinToWin, "start" | "expiry">,
  now: Date,
  timeZone: string,
): string | null {
  const state = campaignState(campaign, now);
  if (state === "open") return null;
  const opens = startDate(campaign, timeZone);
  return state === "ended" || !opens ? SPIN_TEXTS.ended : SPIN_TEXTS.upcoming(opens);
}

/** The sum of the prizes' weights: a draw is a whole number in [0, total). */
export function totalWeight(prizes: readonly { weight: number }[]): number {
  return prizes.reduce((sum, prize) => sum + prize.weight, 0);
}

/**
 * The prize a draw lands on: each prize owns `weight` consecutive numbers of [0, total), in the
 * wheel's order. `roll` outside that range is clamped, so a bad draw can never fall off the wheel.
 */
export function pickPrize(prizes: readonly { weight: number }[], roll: number): number {
  const total = totalWeight(prizes);
  let left = Math.min(Math.max(Math.floor(roll), 0), total - 1);
  for (const [index, prize] of prizes.entries()) {
    if (left < prize.weight) return index;
    left -= prize.weight;
  }
  return prizes.length - 1;
}

/** Each prize's chance, as a share of 1, in the wheel's order. */
export function prizeOdds(prizes: readonly { weight: number }[]): number[] {
  const total = totalWeight(prizes);
  return prizes.map((prize) => prize.weight / total);
}

/** Whole turns the wheel makes before it settles, and how long it takes. */
export const SPIN_TURNS = 5;
export const SPIN_DURATION_MS = 4_000;

/**
 * Clockwise rotation, in degrees, that brings the middle of segment `index` (segments run clockwise
 * from the top) under the pointer at the top, after `turns` whole turns.
 */
export function wheelRotation(index: number, count: number, turns: number = SPIN_TURNS): number {
  const segment = 360 / count;
  return turns * 360 + (360 - (index + 0.5) * segment);
}

export interface WheelSegment {
  label: string;
  /** SVG path of the slice in a 200 × 200 box centred on (100, 100). */
  path: string;
  /** The slice's middle, in degrees clockwise from the top (for its label). */
  middle: number;
}

const RADIUS = 100;
const round = (value: number) => Math.round(value * 100) / 100;
function pointAt(degrees: number): string {
  const radians = (degrees * Math.PI) / 180;
  return `${round(RADIUS + RADIUS * Math.sin(radians))} ${round(RADIUS - RADIUS * Math.cos(radians))}`;
}

/** The wheel's slices, clockwise from the top, one per prize. */
export function wheelSegments(prizes: readonly { label: string }[]): WheelSegment[] {
  const segment = 360 / prizes.length;
  return prizes.map((prize, index) => {
    const from = index * segment;
    const to = from + segment;
    const large = segment > 180 ? 1 : 0;
    return {
      label: prize.label,
      path: `M100 100 L${pointAt(from)} A${RADIUS} ${RADIUS} 0 ${large} 1 ${pointAt(to)} Z`,
      middle: from + segment / 2,
    };
  });
}
