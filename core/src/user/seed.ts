import type { Coin } from "#contract/money";
import { hashPassword } from "../auth/passwords";
import { post } from "../ledger/ledger";
import type { Deps } from "../platform/context";
import type { Sql } from "../platform/db";
import { createUser, findUserByPhone } from "./users";

/** The demo player's invitation code: fixed, so that tests and walkthroughs can use it. */
export const DEMO_INVITATION = "DEMO8888";
/** Starting balances of the demo player, in cents, credited through the ledger (kind SEED). */
export const DEMO_BALANCES: Record<Coin, number> = { CHIP: 100_000, GOLD: 50_000, POINT: 20_000 };

/**
 * Outside production (or with DEMO_SEED=1): the demo player with its starting balances, each
 * credited once; the start-up log says how to sign in as it.
 */
export async function seedDemoPlayer(tx: Sql, { config, log }: Deps) {
  if (!config.demo.enabled) return;
  const { areaCode, phone } = config.demo;
  let user = await findUserByPhone(tx, areaCode, phone);
  if (!user) {
    const inviteTaken = await tx.query("SELECT 1 FROM users WHERE invitation = $1", [DEMO_INVITATION]);
    user = await createUser(tx, {
      areaCode,
      phone,
      passwordHash: await hashPassword(config.demo.password),
      parentId: null,
      invitation: inviteTaken.length ? undefined : DEMO_INVITATION,
    });
    await tx.query("UPDATE users SET nick_name = 'Demo player' WHERE id = $1", [user.id]);
  }
  for (const [coin, cents] of Object.entries(DEMO_BALANCES) as [Coin, number][]) {
    const done = await tx.query(
      "SELECT 1 FROM ledger_entries WHERE user_id = $1 AND kind = 'SEED' AND coin = $2",
      [user.id, coin],
    );
    if (done.length === 0) {
      await post(tx, {
        userId: user.id,
        coin,
        amount: cents,
        kind: "SEED",
        counter: "ADJUSTMENTS",
        refId: "demo-seed",
        memo: "demo start",
      });
    }
  }
  const { invitation } = user;
  const password = config.env === "production" ? "(DEMO_PASSWORD)" : config.demo.password;
  log.info(
    { demo: { areaCode, phone, invitation } },
    `Demo player: +${areaCode} ${phone}, password ${password}, invitation code ${invitation}`,
  );
}
