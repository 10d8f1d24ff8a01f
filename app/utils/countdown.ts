/**
 * Countdown math for a round. The upstream sends its own clock (`timestamp`) with the round, so
 * the page never trusts the phone's clock: skew = server now − client now at receipt, and every
 * tick computes the remaining time on the server's clock. Pure; the hook lives in
 * `components/game/use-round-countdown.ts` (the game page and the home lobby).
 */
export type RoundClock = {
  /** Upstream clock (ms epoch) when the round was read. */
  serverNow: number;
  /** When betting closes (ms epoch, upstream clock). */
  betEndTime: number;
  /** When the round ends and is drawn (ms epoch, upstream clock). */
  sessionEndTime: number;
};

export type Remaining = { bet: number; round: number };

/** Offset to add to the client clock to read the server clock. */
export function clockSkew(serverNow: number, clientReceivedAt: number): number {
  return serverNow - clientReceivedAt;
}

/** Whole seconds left until `endMs` (server clock), rounded up, never below 0. */
export function secondsLeft(endMs: number, clientNow: number, skewMs: number): number {
  const ms = endMs - (clientNow + skewMs);
  return ms <= 0 ? 0 : Math.ceil(ms / 1000);
}

export function remaining(clock: RoundClock, clientNow: number, skewMs: number): Remaining {
  return {
    bet: secondsLeft(clock.betEndTime, clientNow, skewMs),
    round: secondsLeft(clock.sessionEndTime, clientNow, skewMs),
  };
}

/** Remaining seconds as the server sees them at `serverNow` (what a page without JS shows). */
export function remainingAtServer(clock: RoundClock): Remaining {
  return remaining(clock, clock.serverNow, 0);
}

/**
 * Milliseconds until the displayed number of seconds of `endMs` changes, so that ticks land on
 * the second boundaries instead of drifting by the timer's lateness.
 */
export function msToNextTick(endMs: number, clientNow: number, skewMs: number): number {
  const ms = endMs - (clientNow + skewMs);
  if (ms <= 0) return 1000;
  const rest = ms % 1000;
  return rest === 0 ? 1000 : rest;
}

/** "m:ss" for a number of seconds (59 → "0:59", 125 → "2:05"). */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Seconds after which a page without JS should reload: the round's end, at least 1 s. */
export function refreshAfterSeconds(clock: RoundClock): number {
  return Math.max(1, remainingAtServer(clock).round + 1);
}

/** What a round's countdown shows: the remaining seconds of one round id. */
export type Shown = { roundId: string | null; left: Remaining };

/**
 * The next display of a countdown. Within one round the seconds never go up (a reload of the
 * same round re-estimates the clock offset and may read a little more time: it is ignored); a
 * new round shows its own value.
 */
export function nextShown(prev: Shown, roundId: string | null, next: Remaining): Shown {
  if (prev.roundId !== roundId) return { roundId, left: next };
  const bet = Math.min(prev.left.bet, next.bet);
  const round = Math.min(prev.left.round, next.round);
  if (bet === prev.left.bet && round === prev.left.round) return prev;
  return { roundId, left: { bet, round } };
}

/**
 * Whether the page may revalidate now: not while a navigation (say, the reload after a bet form
 * post, which carries the one-time toast) or a fetcher is under way, since a revalidation would
 * cancel that load.
 */
export function canRevalidate(navigationState: string, fetcherStates: string[], revalidatorState: string) {
  return (
    navigationState === "idle" && revalidatorState === "idle" && fetcherStates.every((s) => s === "idle")
  );
}
