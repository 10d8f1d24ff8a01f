import { type ActionFunctionArgs, type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { renderSVG } from "uqr";
import { asPageError } from "~/utils/api/errors.server";
import { getBalances } from "~/utils/api/user.server";
import {
  getChargeConfig,
  getDepositAddress,
  getPayChannels,
  rechargeCash,
} from "~/utils/api/wallet/recharge.server";
import { formatsFor } from "~/utils/format.server";
import {
  formError,
  formIdempotencyKey,
  isUpstreamError,
  readForm,
  upstreamFormError,
} from "~/utils/forms.server";
import { i18n } from "~/utils/i18n.server";
import { wantsJson } from "~/utils/json-mode.server";
import { refusalOr } from "~/utils/limit-refusal.server";
import { moneyMessages } from "~/utils/money-messages";
import { parseWithZod } from "~/utils/parse-form";
import { isAppPath } from "~/utils/safe-redirect";
import { requireToken } from "~/utils/session.server";
import { toCents } from "#contract/money";
import type { Network } from "#contract/wallet";
import { type CashMessages, cashRechargeSchema } from "./recharge-schema";

export type Tab = "cash" | "usdt";

export function tabOf(url: URL): Tab {
  return url.searchParams.get("tab")?.toLowerCase() === "usdt" ? "usdt" : "cash";
}

function networkOf(url: URL): Network {
  return url.searchParams.get("network")?.toUpperCase() === "BEP20" ? "BEP20" : "TRC20";
}

export async function translator(request: Request) {
  return i18n.getFixedT(request, ["recharge", "common"]);
}

async function cashMessages(request: Request, limits: { min: string; max: string }): Promise<CashMessages> {
  const t = await translator(request);
  return {
    ...moneyMessages(t),
    limits: t("validation.amountLimits", limits),
    channel: t("validation.channelRequired"),
  };
}

/** A plain amount for the field ("100", "100.5"), or "" when the query's is not one. */
function prefill(value: string | null): string {
  return value && /^\d{1,10}(\.\d{1,2})?$/.test(value) ? value : "";
}

/** The page's data: the Cash tab (config, channels, a fresh form key) or the Usdt tab (address, QR). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const tab = tabOf(url);
  try {
    if (tab === "cash") {
      const [config, channels, balances] = await Promise.all([
        getChargeConfig(request, "CASH"),
        getPayChannels(request),
        getBalances(request),
      ]);
      return json({
        tab,
        balance: balances.chip,
        cash: {
          open: config.openRecharge,
          min: config.chargeMinLimit,
          max: config.chargeMaxLimit,
          presets: config.rechargePresets.filter(
            (p) => p >= config.chargeMinLimit && p <= config.chargeMaxLimit,
          ),
          channels,
          amount: prefill(url.searchParams.get("amount")),
          formKey: crypto.randomUUID(),
        },
        usdt: null,
      });
    }
    const network = networkOf(url);
    const [config, balances] = await Promise.all([getChargeConfig(request, "USDT"), getBalances(request)]);
    let address: string | null = null;
    let problem: string | null = null;
    try {
      address = await getDepositAddress(request, network);
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      problem = await refusalOr(request, error.detail, error.message);
    }
    return json({
      tab,
      balance: balances.chip,
      cash: null,
      usdt: {
        network,
        address,
        problem,
        // The QR code, drawn here as SVG: it shows without JavaScript (uqr's output is paths only).
        qrSvg: address ? renderSVG(address, { border: 2, ecc: "M" }) : null,
        rate: config.usdtRate,
        confirmations: config.usdtConfirmations,
      },
    });
  } catch (error) {
    return asPageError(error);
  }
}

/**
 * The Cash form: checked here with the same schema as in the browser (and the config's limits),
 * then the order is made and the player goes to the provider's pay page. JSON clients get
 * `{ok, redirect: payUrl, order}`.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const formData = await readForm(request);
  const config = await getChargeConfig(request, "CASH").catch(asPageError);
  const { money } = await formatsFor(request);
  const messages = await cashMessages(request, {
    min: money(config.chargeMinLimit),
    max: money(config.chargeMaxLimit),
  });
  const schema = cashRechargeSchema(messages, {
    minCents: toCents(config.chargeMinLimit),
    maxCents: toCents(config.chargeMaxLimit),
  });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return formError(request, submission.reply());
  const { amount, payChannelName } = submission.value;
  try {
    const order = await rechargeCash(request, { amount, payChannelName }, formIdempotencyKey(formData));
    const external = /^https:\/\/[^\s]+$/.test(order.payUrl);
    if (!external && !isAppPath(order.payUrl)) {
      return formError(
        request,
        submission.reply({ formErrors: [(await translator(request))("error.generic")] }),
        502,
      );
    }
    if (wantsJson(request)) {
      const message = (await translator(request))("cash.note");
      return json({ ok: true, message, redirect: order.payUrl, order });
    }
    return redirect(order.payUrl);
  } catch (error) {
    return upstreamFormError(request, submission, error);
  }
}
