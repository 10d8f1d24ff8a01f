import { parseCoin } from "~/components/game/format";
import type { Coin } from "#contract/money";
import { coinOf, commitSession, getSession } from "./session.server";

/** The coin asked for in the query, persisted in the session when it changes (default CHIP). */
export async function resolveCoin(request: Request) {
  const session = await getSession(request);
  const asked = parseCoin(new URL(request.url).searchParams.get("coin"));
  const coin: Coin = asked ?? coinOf(session);
  let setCookie: string | null = null;
  if (asked && asked !== session.get("coin")) {
    session.set("coin", asked);
    setCookie = await commitSession(session);
  }
  return { coin, session, setCookie };
}
