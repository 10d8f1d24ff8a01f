import type { Coin } from "../../../contract/money";
import { hashPassword } from "../auth/passwords";
import { setSysConfig } from "../config/sysconfig";
import { post } from "../ledger/ledger";
import type { Deps } from "../platform/context";
import { createUser, findUserByPhone } from "./users";

const SEED_LOCK = 7_144_003;

/** The demo player's invitation code: fixed, so that tests and walkthroughs can use it. */
export const DEMO_INVITATION = "DEMO8888";
/** Starting balances of the demo player, in cents, credited through the ledger (kind SEED). */
export const DEMO_BALANCES: Record<Coin, number> = { CHIP: 100_000, GOLD: 50_000, POINT: 20_000 };

export const NOTICES = [
  {
    title: "Welcome to Colour Lottery",
    content:
      "Pick a colour, a number, Big or Small, and watch the draw at the end of each round. " +
      "Every result can be verified: the seed's hash is shown before betting opens.",
  },
  {
    title: "Play responsibly",
    content:
      "Set deposit and loss limits, take a break with cool-off, or exclude yourself in your account settings. " +
      "Only bet what you can afford to lose.",
  },
  {
    title: "Keep your account safe",
    content:
      "We never ask for your password or SMS code. Set a payment password before your first withdrawal.",
  },
];

export interface SeedReport {
  demo: { areaCode: string; phone: string; invitation: string; created: boolean } | null;
}

/**
 * Idempotent start-up data: configuration defaults (never overwriting an operator's value),
 * the welcome notices, and outside production the demo player with its starting balances.
 */
export async function seed(deps: Deps): Promise<SeedReport> {
  const { config, db } = deps;
  const demoPasswordHash = config.demo.enabled ? await hashPassword(config.demo.password) : null;
  return db.tx(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK]);
    const defaults: Record<string, string> = {
      COUNTRY_CODE: "91,1,44,86,81,82,33,49",
      JACKPOT_APPLY: "0",
      CUSTOMER_SERVICE_URL: "",
      CURRENCY_SIGN: config.currencySign,
    };
    for (const [key, value] of Object.entries(defaults)) {
      const exists = await tx.query("SELECT 1 FROM sys_config WHERE key = $1", [key]);
      if (exists.length === 0) await setSysConfig(tx, key, value);
    }
    for (const notice of NOTICES) {
      const exists = await tx.query("SELECT 1 FROM sys_messages WHERE user_id IS NULL AND title = $1", [
        notice.title,
      ]);
      if (exists.length === 0) {
        await tx.query("INSERT INTO sys_messages (title, content) VALUES ($1, $2)", [
          notice.title,
          notice.content,
        ]);
      }
    }
    if (!demoPasswordHash) return { demo: null };
    const { areaCode, phone } = config.demo;
    let user = await findUserByPhone(tx, areaCode, phone);
    const created = !user;
    if (!user) {
      const inviteTaken = await tx.query("SELECT 1 FROM users WHERE invitation = $1", [DEMO_INVITATION]);
      user = await createUser(tx, {
        areaCode,
        phone,
        passwordHash: demoPasswordHash,
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
          refId: "demo-seed",
          memo: "demo start",
        });
      }
    }
    return { demo: { areaCode, phone, invitation: user.invitation, created } };
  });
}
