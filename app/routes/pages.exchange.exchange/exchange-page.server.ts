import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { coinAmount } from "~/components/assets/money";
import { UpstreamError, asPageError, outcomeUnknown, statusOf } from "~/utils/api/errors.server";
import { getBalances } from "~/utils/api/user.server";
import { exchange, getExchangeConfig, getPointInfo, receivePoint } from "~/utils/api/wallet/assets.server";
import { formatsFor } from "~/utils/format.server";
import {
  envelopeRefusal,
  formError,
  formIdempotencyKey,
  readForm,
  refusalReply,
  serverT,
} from "~/utils/forms.server";
import { wantsJson } from "~/utils/json-mode.server";
import { reasonRefusal, refusalOr } from "~/utils/limit-refusal.server";
import { parseWithZod } from "~/utils/parse-form";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { finish } from "~/utils/toast.server";
import { type ExchangePair, quoteExchange } from "#contract/assets";
import type { Coin } from "#contract/money";
import { checkMoney, toCents } from "#contract/money-rule";
import { PAIR, exchangeFormSchema } from "./exchange-schema";

const SELF = PAGES.exchange;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const [balances, config, points] = await Promise.all([
    getBalances(request),
    getExchangeConfig(request),
    getPointInfo(request),
  ]).catch(asPageError);
  return json({ balances, pairs: config.pairs, points });
}

export interface ExchangePreview {
  fromCoin: Coin;
  toCoin: Coin;
  /** What the exchange takes: `asked`, or less when part of it would give less than a cent. */
  amount: number;
  /** What stays of the amount asked (0 most often). */
  kept: number;
  gross: number;
  fee: number;
  received: number;
  feeRate: number;
  fromUnits: number;
  toUnits: number;
  /** Confirming sends it: a second confirm (a double tap, a retry) exchanges once. */
  idempotencyKey: string;
}

const REASONS: Record<string, string> = {
  UNKNOWN_PAIR: "errors.unknownPair",
  DISABLED_PAIR: "errors.disabledPair",
  TOO_SMALL: "errors.tooSmall",
  INSUFFICIENT: "errors.insufficient",
  QUOTE_CHANGED: "errors.quoteChanged",
};

/**
 * Three intents: "preview" checks the form and answers what the exchange gives (the page shows it
 * before confirming, also without JS), "confirm" makes it with the preview's idempotency key,
 * "claimPoints" claims the points earned. JSON mode answers {ok, message, preview | result}.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const form = await readForm(request);
  const t = await serverT(request, "assets");
  const intent = String(form.get("intent") ?? "preview");

  if (intent === "claimPoints") {
    const claimed = await receivePoint(request).catch((error) => {
      if (error instanceof UpstreamError) return error;
      throw error;
    });
    if (claimed instanceof UpstreamError) {
      return finish(
        request,
        SELF,
        { type: "error", message: await refusalOr(request, claimed.detail, claimed.message) },
        { status: statusOf(claimed) },
      );
    }
    const fmt = await formatsFor(request);
    const message =
      claimed.received > 0
        ? t("points.claimed", { amount: fmt.coinMoney(claimed.received, "POINT") })
        : t("points.nothingClaimed");
    return finish(request, SELF, { type: claimed.received > 0 ? "success" : "error", message }, undefined, {
      result: claimed,
    });
  }

  // A client without the form's pair field may name the coins (curl: fromCoin, toCoin).
  if (!form.get("pair") && form.get("fromCoin") && form.get("toCoin")) {
    form.set(
      "pair",
      `${String(form.get("fromCoin")).toUpperCase()}>${String(form.get("toCoin")).toUpperCase()}`,
    );
  }
  const submission = parseWithZod(form, { schema: exchangeFormSchema });
  if (submission.status !== "success") return formError(request, submission.reply());
  const [, fromCoin, toCoin] = PAIR.exec(submission.value.pair) as unknown as [string, Coin, Coin];
  const amount = submission.value.amount;
  const refuse = (key: string, reason?: string) =>
    formError(request, refusalReply(submission, t(key), reason));

  if (fromCoin === toCoin) return refuse("errors.sameCoin");
  const [{ pairs }, balances] = await Promise.all([getExchangeConfig(request), getBalances(request)]).catch(
    asPageError,
  );
  const pair = pairs.find((p: ExchangePair) => p.fromCoin === fromCoin && p.toCoin === toCoin);
  if (!pair) return refuse("errors.unknownPair");
  const balance = fromCoin === "CHIP" ? balances.chip : fromCoin === "GOLD" ? balances.gold : balances.point;
  // A confirm leaves the balance to the core: sent again after it went through (a retry, the back
  // button), its key answers that exchange, which this balance, already spent, would refuse.
  if (intent !== "confirm" && Math.round(amount * 100) > Math.round(balance * 100)) {
    return refuse("errors.insufficient", "INSUFFICIENT");
  }
  const quote = quoteExchange(pair, Math.round(amount * 100));
  if (quote.netCents <= 0) return refuse("errors.tooSmall", "TOO_SMALL");

  const preview: ExchangePreview = {
    fromCoin,
    toCoin,
    amount: quote.amountCents / 100,
    kept: (Math.round(amount * 100) - quote.amountCents) / 100,
    gross: quote.grossCents / 100,
    fee: quote.feeCents / 100,
    received: quote.netCents / 100,
    feeRate: pair.feeRate,
    fromUnits: pair.fromUnits,
    toUnits: pair.toUnits,
    idempotencyKey: formIdempotencyKey(form),
  };
  if (intent !== "confirm") {
    if (wantsJson(request)) return json({ ok: true, message: t("exchange.previewTitle"), preview });
    return json({ preview });
  }
  // The preview's confirm carries what it said the player would receive: if the rate or the fee
  // has changed since, the page shows what the exchange gives now, with the same key, and
  // exchanges nothing. The core checks it again, at the rate it exchanges at.
  const received = confirmedReceived(form);
  if (received !== undefined && toCents(received) !== quote.netCents)
    return previewWithError(request, preview, t("errors.quoteChanged"), 409);

  let outcome: Awaited<ReturnType<typeof exchange>>;
  try {
    outcome = await exchange(request, { fromCoin, toCoin, amount, received }, preview.idempotencyKey);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // The exchange may have happened: the preview stays, with the same key, so confirming again
    // cannot exchange twice.
    const message = outcomeUnknown(error) ? t("errors.outcomeUnknown") : error.message;
    return previewWithError(request, preview, message, statusOf(error));
  }
  if (outcome.code !== 200 || !outcome.result)
    return envelopeRefusal(request, submission, outcome, await reasonRefusal(request, outcome, t, REASONS));
  const fmt = await formatsFor(request);
  const done = outcome.result;
  const message = t("exchange.done", {
    amount: coinAmount(fmt, t, done.amount, done.fromCoin),
    received: coinAmount(fmt, t, done.received, done.toCoin),
  });
  return finish(request, SELF, { type: "success", message }, undefined, { result: done });
}

/** The preview shown again with what stopped its confirm; JSON mode answers {ok: false, message, preview}. */
function previewWithError(request: Request, preview: ExchangePreview, message: string, status: number) {
  if (wantsJson(request)) return json({ ok: false, message, preview }, { status });
  return json({ preview, error: message }, { status });
}

/** The `received` a preview's confirm sends, read by the one money rule (NaN, never a match, if no amount). */
function confirmedReceived(form: FormData): number | undefined {
  const value = form.get("received");
  if (value === null || value === "") return undefined;
  const checked = checkMoney(String(value));
  return checked.ok ? checked.units : Number.NaN;
}
