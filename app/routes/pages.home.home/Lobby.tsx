import { Link, type useLoaderData } from "@remix-run/react";
import { Countdown } from "~/components/game/Countdown";
import { DigitBall } from "~/components/game/DigitBall";
import { digitColours } from "~/components/game/bets";
import { operatorName } from "~/components/game/names";
import { useRoundCountdown } from "~/components/game/use-round-countdown";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import { useHydrated } from "~/utils/use-hydrated";
import type { loader } from "./home.server";

type Channels = ReturnType<typeof useLoaderData<typeof loader>>["lobby"];
type Game = Channels[number]["games"][number];

const TILE = {
  CHIP: "from-pink-500 to-rose-600",
  GOLD: "from-amber-400 to-orange-500",
  POINT: "from-violet-500 to-indigo-600",
  EXTERNAL: "from-teal-500 to-cyan-600",
} as const;

const NO_TIME = { bet: 0, round: 0 };

/** The round that ends first of the tiles' rounds, and its game (every room has one length). */
function leadOf(games: Game[]) {
  let lead: Game | null = null;
  for (const g of games)
    if (g.round && (!lead?.round || g.round.clock.sessionEndTime < lead.round.clock.sessionEndTime)) lead = g;
  return lead;
}

/**
 * The game channels and their tiles. A lottery tile shows its room's latest results as balls and
 * the time to the running round's draw. One countdown (the game page's, use-round-countdown) runs
 * for the round that ends first, and the page loads again when it ends (the next round and the new
 * result); the other tiles count from it by the difference of their ends. Without JavaScript each
 * countdown runs by CSS from the time the server saw and stops at 0:00 (Countdown).
 */
export function Lobby({ lobby }: { lobby: Channels }) {
  const { t } = useTranslation("social");
  const { t: tc } = useTranslation("common");
  const hydrated = useHydrated();
  const lead = leadOf(lobby.flatMap((c) => c.games));
  const left = useRoundCountdown(
    lead?.round?.id ?? null,
    lead?.round?.clock ?? null,
    lead?.round?.left ?? NO_TIME,
    lead?.results[0]?.id ?? null,
  );
  const secondsOf = (game: Game) =>
    game.round && lead?.round
      ? left.round + Math.round((game.round.clock.sessionEndTime - lead.round.clock.sessionEndTime) / 1000)
      : 0;
  if (lobby.length === 0) return <p className="card text-center text-sm">{t("lobby.gamesUnavailable")}</p>;
  return (
    <>
      {lobby
        .filter((channel) => channel.games.length > 0)
        .map((channel) => (
          <section key={channel.id} className="space-y-2" aria-labelledby={`channel-${channel.id}`}>
            <h2 id={`channel-${channel.id}`} className="px-1 text-base font-semibold">
              {operatorName(t, "channels", channel.name)}
            </h2>
            <ul className="grid grid-cols-3 gap-2">
              {channel.games.map((game) => {
                const lottery = game.kind === "LOTTERY" && game.coin;
                const to = lottery
                  ? `${PAGES.gameList}?coin=${game.coin}`
                  : `/games/launch?gameId=${game.id}`;
                const tone = lottery ? TILE[game.coin as "CHIP" | "GOLD" | "POINT"] : TILE.EXTERNAL;
                return (
                  <li key={game.id}>
                    <Link
                      to={to}
                      reloadDocument={!lottery}
                      className={`flex h-full min-h-24 flex-col justify-end gap-1.5 rounded-2xl bg-gradient-to-br p-2 text-white min-[360px]:p-2.5 shadow-sm ${tone}`}
                      data-testid="game-tile"
                    >
                      {lottery && game.results.length > 0 ? <Results results={game.results} /> : null}
                      <span className="mt-auto">
                        <span className="block text-xs text-white/85">
                          {lottery ? t("lobby.colourLottery") : t("lobby.external")}
                        </span>
                        <span className="line-clamp-2 break-words text-sm font-bold leading-tight">
                          {lottery
                            ? tc(`coin.${game.coin ?? "CHIP"}`)
                            : operatorName(t, "externalGames", game.name)}
                        </span>
                      </span>
                      {lottery && game.round ? (
                        <span className="flex flex-wrap items-baseline gap-x-1 text-xs">
                          <span className="text-white/85">{t("lobby.drawIn")}</span>
                          <Countdown
                            as="span"
                            className="font-mono text-sm font-bold tabular-nums"
                            seconds={secondsOf(game)}
                            live={hydrated}
                            testId="tile-countdown"
                          />
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
    </>
  );
}

/** A room's latest results, newest first, as the game's balls on a light tray (the tile is coloured). */
function Results({ results }: { results: Game["results"] }) {
  const { t } = useTranslation("social");
  return (
    <ol
      className="flex w-fit gap-0.5 rounded-full bg-white/90 p-0.5 dark:bg-gray-900/80"
      data-testid="tile-results"
    >
      {results.map((r, i) => (
        <li key={r.id}>
          <DigitBall
            digit={r.digit}
            size={20}
            label={t(i === 0 ? "lobby.lastResult" : "lobby.earlierResult", {
              digit: r.digit,
              colours: t(`lobby.colours.${digitColours(r.digit).join("")}`),
            })}
          />
        </li>
      ))}
    </ol>
  );
}
