/** Pure views over round results: the previous-draw display, the trend chart, the payout table. */
import { type BetName, betWins, digitColours, digitSize, parseDigit } from "./bets";

const DEFAULT_PREVIOUS_DRAW = "01234";

/** The first 5 result digits of the latest result page, joined (spec section 4); "01234" if none. */
export function previousDraw(rows: ReadonlyArray<{ lotteryResult?: unknown }>): string {
  const digits = rows
    .map((r) => parseDigit(r.lotteryResult))
    .filter((d): d is number => d !== null)
    .slice(0, 5);
  return digits.length ? digits.join("") : DEFAULT_PREVIOUS_DRAW;
}

type ResultView = {
  id: string;
  digit: number;
  size: "Big" | "Small";
  colours: Array<"Red" | "Green" | "Violet">;
};

function resultView(row: { id: string | number; lotteryResult?: unknown }): ResultView | null {
  const digit = parseDigit(row.lotteryResult);
  if (digit === null) return null;
  return { id: String(row.id), digit, size: digitSize(digit), colours: digitColours(digit) };
}

type TrendPoint = { id: string; digit: number; x: number; y: number };

/**
 * Geometry of the trend chart: one row per round (newest on top), one column per digit 0–9.
 * Coordinates are cell centres in an SVG of `width` × rows*rowHeight.
 */
export function trendPoints(
  rows: ReadonlyArray<{ id: string | number; lotteryResult?: unknown }>,
  opts: { width: number; rowHeight: number; limit?: number },
): TrendPoint[] {
  const cell = opts.width / 10;
  return rows
    .map(resultView)
    .filter((r): r is ResultView => r !== null)
    .slice(0, opts.limit ?? 20)
    .map((r, i) => ({
      id: r.id,
      digit: r.digit,
      x: cell * r.digit + cell / 2,
      y: opts.rowHeight * i + opts.rowHeight / 2,
    }));
}

/** Counts of each digit among the results, for the chart's footer. */
export function digitCounts(rows: ReadonlyArray<{ lotteryResult?: unknown }>): number[] {
  const counts = Array.from({ length: 10 }, () => 0);
  for (const r of rows) {
    const d = parseDigit(r.lotteryResult);
    if (d !== null) counts[d] += 1;
  }
  return counts;
}

type PayoutRule = {
  betName: string;
  /** Multiplier on the stake after the service fee, on a normal win. */
  multiple: number;
  /** Multiplier on the special digits (Red on 0, Green on 5), when it differs. */
  specialMultiple?: number | null;
};

type PayoutRow = {
  betName: string;
  winningDigits: number[];
  multiple: number;
  specialMultiple: number | null;
  /** What a stake of 100 returns on a normal win, after the fee. */
  exampleReturn: number;
};

/** Rows of the rules page's payout table, in bet order, with the digits each bet wins on. */
export function payoutTable(rules: ReadonlyArray<PayoutRule>, feeRate: number, betOrder: readonly string[]) {
  const order = (name: string) => {
    const i = betOrder.indexOf(name);
    return i === -1 ? betOrder.length : i;
  };
  return [...rules]
    .sort((a, b) => order(a.betName) - order(b.betName))
    .map<PayoutRow>((r) => ({
      betName: r.betName,
      winningDigits: Array.from({ length: 10 }, (_, d) => d).filter((d) =>
        (betOrder as string[]).includes(r.betName) ? betWins(r.betName as BetName, d) : false,
      ),
      multiple: r.multiple,
      specialMultiple: r.specialMultiple ?? null,
      exampleReturn: Math.round(100 * (1 - feeRate) * r.multiple * 100) / 100,
    }));
}

/** Status of a record: a won/lost/pending/refunded word from the row's fields. */
export function recordStatus(row: {
  status?: string | number | null;
  winAmount?: number | null;
  lotteryResult?: unknown;
}) {
  const status = String(row.status ?? "").toUpperCase();
  if (status === "WIN" || status === "WON") return "won";
  if (status === "LOSE" || status === "LOST") return "lost";
  // Its round was voided (no key could draw it): the stake came back (decision 058).
  if (status === "REFUNDED") return "refunded";
  if (status === "PENDING" || status === "WAITING" || status === "OPEN" || status === "0") return "pending";
  if (parseDigit(row.lotteryResult) === null) return "pending";
  return (row.winAmount ?? 0) > 0 ? "won" : "lost";
}
