import { TitledCard } from "~/components/TitledCard";
import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";
import type { WithdrawalInfo } from "#contract/withdrawal";

/** Every rule of the currency's config in words, with the player's own numbers (issue 8). */
export function WithdrawalRules({ info }: { info: WithdrawalInfo }) {
  const { t } = useTranslation("withdraw");
  const format = useFormat();
  const days = info.weekDays.split(",");
  const dayText = days.length === 7 ? t("days.all") : days.map((d) => t(`days.${d}`)).join(", ");
  const turnover =
    info.betLimitRechargeMultiple4Withdraw <= 0
      ? null
      : info.rechargedSinceWithdrawal <= 0
        ? t("rules.noRecharge")
        : `${t("rules.turnover", {
            recharge: format.money(info.rechargedSinceWithdrawal),
            multiple: info.betLimitRechargeMultiple4Withdraw,
            required: format.money(info.turnoverRequired),
          })} ${
            info.turnoverLeft > 0
              ? t("rules.turnoverLeft", { left: format.money(info.turnoverLeft) })
              : t("rules.turnoverDone")
          }`;
  const items = [
    t("rules.limits", { min: format.money(info.withdrawMinLimit), max: format.money(info.withdrawMaxLimit) }),
    t("rules.day", { limit: format.money(info.withdrawLimitSingleDay), left: format.money(info.dayLeft) }),
    t("rules.fee", { rate: info.withdrawFeeRate }),
    t("rules.review", { amount: format.money(info.autoAuditAmount) }),
    t("rules.hours", { days: dayText, hours: info.startAndEndTime, zone: info.timeZone }),
    ...(turnover ? [turnover] : []),
  ];
  return (
    <TitledCard id="withdraw-rules" title={t("rules.title")} className="space-y-2">
      <ul
        className="list-disc space-y-1 pl-5 text-sm text-gray-700 dark:text-gray-300"
        data-testid="withdraw-rules"
      >
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </TitledCard>
  );
}
