import { useLoaderData } from "@remix-run/react";
import { Datum, Disclosure } from "~/components/Disclosure";
import { EmptyState } from "~/components/EmptyState";
import { NavBar } from "~/components/NavBar";
import { TitledCard } from "~/components/TitledCard";
import { coinAmount } from "~/components/assets/money";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES, VERIFIER_PATH } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { PendingDraw, SealedList } from "./SealedList";
import { loader } from "./yesterday-page.server";

export const handle = { i18n: ["common", "social"] };
export const meta = pageTitle("yesterday.title", "social");

export { loader };

/** The node part of the documented one-line command (docs/jackpot.md; a test compares them). */
const VERIFY_SCRIPT =
  'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const c=require("crypto"),j=JSON.parse(s),d=j.result||j.draw,k=Buffer.from(d.seed,"hex"),T=BigInt(d.ticketsTotal)||1n,L=2n**64n/T*T,n=Math.min(d.winnersWanted,d.tickets.length),w=[];console.log("seedHash",c.createHash("sha256").update(k).digest("hex"));for(let i=0;w.length<n;i++){const x=c.createHmac("sha256",k).update(d.dayNo+":"+(d.beacon?d.beacon.randomness+":":"")+i).digest().readBigUInt64BE();if(x>=L)continue;const t=x%T,e=d.tickets.find(e=>t>=BigInt(e.from)&&t<BigInt(e.to));if(!w.includes(e.no))w.push(e.no)}console.log("winners",w.join(" "))})';

const MEDALS = ["bg-amber-400 text-amber-950", "bg-gray-300 text-gray-900", "bg-orange-300 text-orange-950"];

export default function YesterdayJackpotPage() {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  const { draw, verification, origin, asked } = useLoaderData<typeof loader>();
  if (!draw || !verification) {
    return (
      <>
        <NavBar title={t("yesterday.title")} backTo={PAGES.jackpot} />
        <main className="mx-auto max-w-md p-4">
          <EmptyState
            title={asked ? t("yesterday.unknownDay") : t("yesterday.none")}
            message={asked ? t("yesterday.unknownDayBody") : t("yesterday.noneBody")}
            action={
              asked
                ? { to: PAGES.yesterdayJackpot, label: t("yesterday.latest") }
                : { to: PAGES.jackpot, label: t("jackpot.title") }
            }
          />
        </main>
      </>
    );
  }
  // A day drawn before the beacon took part has none to check (beaconMatches null), nor a day
  // committed before ticket lists were sealed a sealed list (ticketsMatch, roundMatches null).
  const verified =
    verification.hashMatches &&
    verification.winnersMatch &&
    verification.beaconMatches !== false &&
    verification.ticketsMatch !== false &&
    verification.roundMatches !== false;
  const sealed = draw.ticketsCommitment;
  const pending = draw.pendingDraw;
  const command = `curl -s -H 'Accept: application/json' "${origin}${PAGES.yesterdayJackpot}?dayNo=${draw.dayNo}" | node -e '${VERIFY_SCRIPT}'`;
  const scriptCommand = `node verify-round.mjs ${origin} jackpot ${draw.dayNo}`;
  return (
    <>
      <NavBar title={t("yesterday.title")} backTo={PAGES.jackpot} />
      <main className="mx-auto max-w-md space-y-4 p-4 pb-10">
        {pending ? (
          <PendingDraw
            endedAt={fmt.dateTime(pending.endTime)}
            sealedAt={fmt.dateTime(pending.ticketsCommitment.committedTime)}
            hash={pending.ticketsCommitment.hash}
            beaconRound={pending.ticketsCommitment.beaconRound}
            heldSince={pending.heldTime === null ? null : fmt.dateTime(pending.heldTime)}
          />
        ) : null}
        <section className="rounded-2xl bg-gradient-to-br from-violet-600 to-pink-500 p-5 text-white shadow-md">
          <p className="text-sm text-white/90">
            {t("yesterday.day", { from: fmt.dateTime(draw.startTime), to: fmt.dateTime(draw.endTime) })}
          </p>
          <p className="mt-1 text-3xl font-extrabold tabular-nums">
            {coinAmount(fmt, t, draw.paid, draw.coin)}
          </p>
          <p className="text-sm text-white/90">
            {t("yesterday.paidOf", { pool: coinAmount(fmt, t, draw.pool, draw.coin) })}
          </p>
          {draw.myWin !== null ? (
            <p className="mt-3 rounded-lg bg-white/20 p-2 font-semibold" data-testid="my-win">
              {t("yesterday.youWon", { amount: coinAmount(fmt, t, draw.myWin, draw.coin) })}
            </p>
          ) : null}
        </section>

        <TitledCard id="winners-title" title={t("yesterday.winners")} className="space-y-2">
          {draw.winners.length ? (
            <ol className="divide-y divide-gray-100 dark:divide-gray-800">
              {draw.winners.map((w) => (
                <li key={w.rank} className="flex items-center gap-3 py-2" data-testid="winner-row">
                  <span
                    className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                      MEDALS[w.rank - 1] ?? "bg-gray-100 dark:bg-gray-800"
                    }`}
                  >
                    {w.rank}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{w.nickName || w.phone}</span>
                    <span className="block text-xs text-gray-600 dark:text-gray-400">
                      {w.phone} · {t("yesterday.ticketOf", { no: w.no, tickets: fmt.number(w.tickets) })}
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums text-green-700 dark:text-green-400">
                    {coinAmount(fmt, t, w.amount, draw.coin)}
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("yesterday.noWinners")}</p>
          )}
        </TitledCard>

        <section className="card space-y-3 text-sm" aria-labelledby="verify-title">
          <div
            className={`flex items-center gap-3 rounded-lg p-3 ${
              verified
                ? "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200"
                : "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200"
            }`}
            data-testid="jackpot-verdict"
          >
            <span aria-hidden="true" className="text-3xl font-bold leading-none">
              {verified ? "✓" : "✗"}
            </span>
            <div>
              <h2 id="verify-title" className="text-lg font-bold">
                {t(verified ? "yesterday.verified" : "yesterday.notVerified")}
              </h2>
              <p>{t(verification.hashMatches ? "yesterday.hashOk" : "yesterday.hashBad")}</p>
              {sealed ? (
                <p data-testid="tickets-check">
                  {t(verification.ticketsMatch ? "yesterday.ticketsOk" : "yesterday.ticketsBad")}
                </p>
              ) : null}
              {draw.beacon ? (
                <p>
                  {verification.beaconMatches
                    ? t("yesterday.beaconOk", { round: draw.beacon.round })
                    : t("yesterday.beaconBad")}
                </p>
              ) : null}
              {sealed ? (
                <p>
                  {verification.roundMatches
                    ? t("yesterday.roundOk", { round: sealed.beaconRound, seconds: sealed.marginSeconds })
                    : t("yesterday.roundBad")}
                </p>
              ) : null}
              <p>{t(verification.winnersMatch ? "yesterday.winnersOk" : "yesterday.winnersBad")}</p>
            </div>
          </div>
          <SealedList
            sealed={sealed ? { hash: sealed.hash, committedAt: fmt.dateTime(sealed.committedTime) } : null}
            acceptedAt={draw.sealedListAccepted ? fmt.dateTime(draw.sealedListAccepted.acceptedTime) : null}
          />
          <Disclosure summary={t("yesterday.selfCheck")}>
            <dl className="space-y-2 text-xs">
              <Datum label={t("yesterday.seedHash")} value={draw.seedHash} />
              <Datum label={t("yesterday.seed")} value={draw.seed} testId="jackpot-seed" />
              {sealed ? (
                <>
                  <Datum label={t("yesterday.ticketsHash")} value={sealed.hash} testId="tickets-hash" />
                  <Datum label={t("yesterday.sealedAt")} value={fmt.dateTime(sealed.committedTime)} />
                </>
              ) : null}
              {draw.beacon ? (
                <>
                  <Datum
                    label={t(sealed ? "yesterday.beaconRoundSealed" : "yesterday.beaconRound")}
                    value={draw.beacon.round}
                  />
                  <Datum label={t("yesterday.randomness")} value={draw.beacon.randomness} />
                </>
              ) : null}
              <Datum label={t("yesterday.ticketsTotal")} value={draw.ticketsTotal} />
            </dl>
            <p className="mt-2 text-xs text-gray-700 dark:text-gray-300">{t("yesterday.command")}</p>
            <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-gray-100 p-2 font-mono text-xs dark:bg-gray-800">
              {command}
            </pre>
            <p className="mt-2 text-xs text-gray-700 dark:text-gray-300">{t("yesterday.scriptCommand")}</p>
            <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-gray-100 p-2 font-mono text-xs dark:bg-gray-800">
              {scriptCommand}
            </pre>
            <a className="mt-1 inline-flex min-h-[44px] items-center underline" href={VERIFIER_PATH} download>
              {t("yesterday.scriptDownload")}
            </a>
            <p className="mt-2 text-xs text-gray-700 dark:text-gray-300">
              {t(draw.beacon ? "yesterday.algorithmBeacon" : "yesterday.algorithm")}{" "}
              {sealed ? `${t("yesterday.sealedRule")} ` : null}
              <a
                className="underline"
                href={`${PAGES.yesterdayJackpot}?dayNo=${draw.dayNo}`}
                type="application/json"
              >
                {t("yesterday.rawData")}
              </a>
            </p>
            <h3 className="mt-3 font-semibold">{t("yesterday.ticketList")}</h3>
            <ol className="mt-1 max-h-64 overflow-y-auto font-mono text-xs">
              {draw.tickets.map((e) => (
                <li key={e.no}>
                  #{e.no} {e.phone} [{e.from}, {e.to})
                </li>
              ))}
            </ol>
          </Disclosure>
        </section>
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
