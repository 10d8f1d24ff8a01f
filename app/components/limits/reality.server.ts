import { getReality } from "~/utils/api/limits.server";
import { formatsFor } from "~/utils/format.server";
import { i18n } from "~/utils/i18n.server";
import { getSession } from "~/utils/session.server";

/**
 * The reality check (player protection): due when the reminder's minutes (15, 30 or 60, the
 * player's choice) have passed since the sign-in or since the last "continue". Decided at page
 * load, so it works without JavaScript; the game page's loader calls it. The texts come
 * translated, so the game page does not load the limits namespace.
 */
export async function realityCheck(request: Request) {
  const since = (await getSession(request)).get("realityAckAt") ?? 0;
  const reality = await getReality(request, since).catch(() => null);
  if (!reality?.due) return null;
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
