import type { Formats } from "~/utils/format";
import type { TFunction } from "~/utils/translate";
/**
 * A refused bet in the player's words: the upstream says why in the answer's result (contract
 * betRefusalSchema: a reason and its amounts), and the message is written here in the player's
 * language with every amount formatted (₹1,000.00). An upstream that gives no reason, or one this
 * app does not know, keeps its own message.
 */
import { betRefusalSchema } from "#contract/game";

export function refusalMessage(
  t: TFunction,
  format: Formats,
  coin: string,
  detail: unknown,
  upstreamMessage: string,
): string {
  const parsed = betRefusalSchema.safeParse(detail);
  if (!parsed.success) return upstreamMessage;
  const { reason, amount, balance, amounts, period, limit, left, resetsAt, until } = parsed.data;
  const money = (value: number) => format.coinMoney(value, coin);
  switch (reason) {
    case "INSUFFICIENT":
      if (amount === undefined || balance === undefined) return t("refusal.insufficientPlain");
      return t("refusal.INSUFFICIENT", { amount: money(amount), balance: money(balance) });
    case "BELOW_ROOM":
    case "ABOVE_ROOM":
      return amount === undefined ? upstreamMessage : t(`refusal.${reason}`, { amount: money(amount) });
    case "BAD_BASE":
      return amounts?.length
        ? t("refusal.BAD_BASE", { amounts: amounts.map(money).join(", ") })
        : upstreamMessage;
    case "LOSS_LIMIT":
      // Player protection: which limit, what is left, when it resets.
      if (!period || limit === undefined || left === undefined || resetsAt === undefined)
        return upstreamMessage;
      return t("refusal.LOSS_LIMIT", {
        period: t(`refusal.period.${period}`),
        limit: format.money(limit),
        left: format.money(left),
        resets: format.dateTime(resetsAt),
      });
    case "EXCLUDED":
      return until === undefined ? upstreamMessage : t("refusal.EXCLUDED", { until: format.dateTime(until) });
    default:
      return t(`refusal.${reason}`, { defaultValue: upstreamMessage });
  }
}
