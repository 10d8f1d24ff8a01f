import type { Formats } from "~/utils/format";
import type { TFunction } from "~/utils/translate";
import { withdrawalRefusalSchema } from "#contract/withdrawal";

/**
 * A refused withdrawal or card in the player's words: the core says why in the answer's result
 * (reason and amounts); an unknown reason keeps the core's own message.
 */
export function withdrawalRefusal(t: TFunction, format: Formats, detail: unknown, message: string): string {
  const parsed = withdrawalRefusalSchema.safeParse(detail);
  if (!parsed.success) return message;
  const { reason, amount, triesLeft, retryInSeconds } = parsed.data;
  switch (reason) {
    case "BELOW_MIN":
    case "ABOVE_MAX":
    case "DAY_LIMIT":
    case "TURNOVER":
      return amount === undefined
        ? message
        : t(`withdraw:refusal.${reason}`, { amount: format.money(amount) });
    case "WRONG_PASSWORD":
      return triesLeft === undefined ? message : t("withdraw:refusal.WRONG_PASSWORD", { count: triesLeft });
    case "PASSWORD_LOCKED":
      return t("withdraw:refusal.PASSWORD_LOCKED", { minutes: Math.ceil((retryInSeconds ?? 60) / 60) });
    case "TOO_MANY_CARDS":
      return t("withdraw:refusal.TOO_MANY_CARDS", { max: 5 });
    default:
      return t(`withdraw:refusal.${reason}`, { defaultValue: message });
  }
}
