import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DetailErrorBoundary } from "~/components/DetailErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { BetTag } from "~/components/game/BetTag";
import { DigitBall } from "~/components/game/DigitBall";
import { parseDigit } from "~/components/game/bets";
import { operatorName } from "~/components/game/names";
import { recordStatus } from "~/components/game/results";
import { asPageError } from "~/utils/api/errors.server";
import { coinSymbol, getBetRecord, getLevels } from "~/utils/api/game.server";
import { getEnv } from "~/utils/env.server";
import { useTranslation } from "~/utils/i18n-react";
import { i18n } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { useFormat } from "~/utils/use-format";

export const handle = { i18n: ["game"] };

const BET_RECORD = PAGES.betRecord;
export const meta = pageTitle("details.title", "game");

/** One of the player's bets (?id=). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const raw = new URL(request.url).searchParams.get("id") ?? "";
  const t = await i18n.getFixedT(request, "game");
  if (!raw) throw json({ message: t("details.noId"), missing: true }, { status: 404 });
  if (!/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    throw json({ message: t("errors.noSuchBet") }, { status: 404 });
  const bet = await getBetRecord(request, Number(raw)).catch(asPageError);
  if (!bet) throw json({ message: t("errors.noSuchBet") }, { status: 404 });
  // The room by its name, as the game list shows it; by its number if the list cannot be read.
  const rooms = await getLevels(request, bet.coin).catch(() => []);
  const roomName = rooms.find((room) => room.level === bet.level)?.levelName ?? null;
  return json({ bet: { ...bet, roomName, symbol: coinSymbol(bet.coin, getEnv().CURRENCY_SIGN) } });
}

export default function BetDetails() {
  const { bet } = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const digit = parseDigit(bet.lotteryResult);
  const status = recordStatus(bet);
  const { money: format, dateTime } = useFormat();
  const money = (n: number) => format(n, bet.symbol);
  const rows: Array<[string, React.ReactNode]> = [
    [t("details.betId"), bet.id],
    [t("details.round"), bet.gameSessionId],
    [t("details.coin"), t(`common:coin.${bet.coin}`)],
    [t("details.level"), bet.roomName ? operatorName(t, "rooms", bet.roomName) : bet.level],
    [t("details.bet"), <BetTag key="bet" name={bet.betName} />],
    [t("bet.baseAmount"), money(bet.baseAmount)],
    [t("bet.multiple"), `×${bet.betMultiples}`],
    [t("bet.total"), money(bet.totalBetAmount)],
    [
      t("details.result"),
      digit !== null ? (
        <DigitBall key="d" digit={digit} size={28} />
      ) : (
        t(status === "refunded" ? "verify.voided" : "records.pending")
      ),
    ],
  ];
  // Not drawn yet: the result row says so once; no status or win to show, and the draw is to come.
  if (status !== "pending") {
    rows.push([t("details.status"), t(`records.${status}`)]);
    // A refunded bet (its round voided, decision 058): what came back is its stake.
    rows.push([t(status === "refunded" ? "records.refunded" : "details.win"), money(bet.winAmount)]);
  }
  rows.push([t("details.placedAt"), dateTime(bet.createTime)]);
  // A refunded bet's round was never drawn.
  if (status !== "refunded")
    rows.push([t(status === "pending" ? "details.drawAt" : "details.drawnAt"), dateTime(bet.sessionEndTime)]);
  // The commitment and beacon round kept on the bet when it was placed (decision 040).
  if (bet.commitment) {
    rows.push([
      t("commitment.label"),
      <span key="c" className="break-all font-mono text-xs font-normal" data-testid="bet-commitment">
        {bet.commitment}
      </span>,
    ]);
  }
  if (bet.beaconRound) rows.push([t("details.beaconRound"), bet.beaconRound]);
  return (
    <>
      <NavBar title={t("details.title")} backTo={PAGES.betRecord} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <dl className="card divide-y divide-gray-200 dark:divide-gray-700">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-center justify-between gap-3 py-2 text-sm">
              {/* The label keeps its words whole (up to half the row); the value takes the rest and a
                  hash breaks there: beside the 64-character commitment, "Commitment" was cut in two. */}
              <dt className="max-w-[50%] shrink-0 text-gray-700 dark:text-gray-300">{label}</dt>
              <dd className="min-w-0 text-right font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <Link
          to={`${PAGES.verify}?sessionId=${bet.gameSessionId}${bet.commitment ? `&betId=${bet.id}` : ""}`}
          className="btn-secondary w-full"
        >
          {t("verify.thisRound")}
        </Link>
      </main>
    </>
  );
}

/** Without an id, or with one that is not the player's bet: say so, and lead back to the record. */
export function ErrorBoundary() {
  const { t } = useTranslation("game");
  return (
    <DetailErrorBoundary
      title={t("details.title")}
      back={{ to: BET_RECORD, label: t("details.backToRecord") }}
      noId={{ title: t("details.noIdTitle"), message: t("details.noId") }}
      notFound={{ title: t("details.notFound"), message: t("errors.noSuchBet") }}
    />
  );
}
