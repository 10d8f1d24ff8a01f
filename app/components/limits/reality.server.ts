import { createHash } from "node:crypto";
import { getReality } from "~/utils/api/limits.server";
import { setNewest } from "~/utils/bounded-map";
import { getEnv } from "~/utils/env.server";
import { formatsFor } from "~/utils/format.server";
import { i18n } from "~/utils/i18n.server";
import { getSession } from "~/utils/session.server";
import type { Reality } from "#contract/limits";

/** At most this many sign-ins remembered; the oldest go first (a miss only costs one core call). */
const REMEMBERED = 10_000;

/**
 * When each sign-in's reality check can first be due, as this process last heard it from the core,
 * on this process's clock: the reminder's minutes from the sign-in or the last "continue" cannot
 * pass sooner, so the game page does not ask the core on every load (it was one of its three
 * calls). Keyed by a hash of the token (never the token) and the "continue" it was computed from.
 */
const notDueUntil = new Map<string, { since: number; until: number }>();

const keyOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Remembers when the check can first be due, for REALITY_RECHECK_SECONDS at most: whatever the
 * core said, the game page asks it again after that (a reminder changed on another device, or on
 * another replica of the app, is seen within it).
 */
function remember(key: string, since: number, reality: Reality, now: number) {
  const recheckMs = getEnv().REALITY_RECHECK_SECONDS * 1000;
  if (recheckMs === 0) return;
  const dueAt = Math.max(reality.startedAt, since) + reality.reminderMinutes * 60_000;
  // The core's clock and this one differ: only the time left is carried over.
  const until = now + Math.min(dueAt - reality.now, recheckMs);
  setNewest(notDueUntil, key, { since, until }, REMEMBERED);
}

/** This sign-in's next game page asks the core (its reminder changed here). */
export async function forgetReality(request: Request) {
  const token = (await getSession(request)).get("token");
  if (token) notDueUntil.delete(keyOf(token));
}

/**
 * The reality check (player protection): due when the reminder's minutes (15, 30 or 60, the
 * player's choice) have passed since the sign-in or since the last "continue". Decided at page
 * load, so it works without JavaScript; the game page's loader calls it. The texts come
 * translated, so the game page does not load the limits namespace.
 */
export async function realityCheck(request: Request) {
  const session = await getSession(request);
  const since = session.get("realityAckAt") ?? 0;
  const token = session.get("token");
  const key = token ? keyOf(token) : "";
  const known = notDueUntil.get(key);
  const now = Date.now();
  if (known && known.since === since && now < known.until) return null;
  const reality = await getReality(request, since).catch(() => null);
  if (!reality) return null;
  if (!reality.due) {
    if (token) remember(key, since, reality, now);
    return null;
  }
  notDueUntil.delete(key);
  const t = await i18n.getFixedT(request, ["limits", "common"]);
  const { money } = await formatsFor(request);
  const minutes = Math.floor((reality.now - reality.startedAt) / 60_000);
  return {
    title: t("reality.title"),
    played: t("reality.played", { minutes }),
    // Net result for the player: winnings minus stakes.
    net: t("reality.net", { amount: money(-(reality.netLoss ?? 0)) }),
    continueLabel: t("reality.continue"),
    stopLabel: t("reality.stop"),
  };
}
