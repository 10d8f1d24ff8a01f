import { describe, expect, it } from "vitest";
import { bankPageSchema, userBankPageSchema } from "#contract/withdrawal";
import { call, describeOnEachDatabase, openDbBeforeMigration, registerPlayer } from "../../support/core";
import { PAY_PASSWORD, addCard, payer } from "./helpers";

describeOnEachDatabase("bank cards", (core) => {
  it("lists real Indian banks", async () => {
    const { token } = await payer(core);
    const page = bankPageSchema.parse(
      (await call(core, "/app/bank/page", { token, params: { pageSize: 100 } })).result,
    );
    expect(page.content.map((b) => b.bankName)).toEqual(
      expect.arrayContaining(["State Bank of India", "HDFC Bank", "ICICI Bank", "Axis Bank"]),
    );
    expect(page.totalElements).toBe(page.content.length);
  });

  it("adds and edits a card behind the payment password, masking the number in every answer", async () => {
    const { token } = await payer(core);
    const id = await addCard(core, token, "5555 4444 3333");
    const page = await call(core, "/app/userBank/page", { token, params: { pageNo: 1, pageSize: 100 } });
    expect(JSON.stringify(page)).not.toContain("55554444");
    const cards = userBankPageSchema.parse(page.result).content;
    expect(cards).toEqual([
      expect.objectContaining({
        id,
        bankName: "State Bank of India",
        bankCardNo: "**** 3333",
        last4: "3333",
        ifsc: "SBIN0001234",
      }),
    ]);
    const edited = await call(core, "/app/userBank/saveOrUpdate", {
      token,
      params: { id, bankId: 2, holderName: "Asha R", ifsc: "hdfc0000123", assetPassword: PAY_PASSWORD },
    });
    expect(edited.result).toMatchObject({
      id,
      bankName: "HDFC Bank",
      holderName: "Asha R",
      last4: "3333",
      ifsc: "HDFC0000123",
    });
  });

  it("refuses a bad IFSC, a wrong payment password, another player's card and a sixth card, changing nothing", async () => {
    const { token, userId } = await payer(core);
    const base = { bankId: 1, holderName: "Asha Rao", bankCardNo: "123456789", assetPassword: PAY_PASSWORD };
    const bad = async (params: Record<string, string | number>, code: number, message: RegExp, t = token) => {
      const answer = await call(core, "/app/userBank/saveOrUpdate", {
        token: t,
        params: { ...base, ...params },
      });
      expect(answer.code, JSON.stringify(params)).toBe(code);
      expect(answer.message, JSON.stringify(params)).toMatch(message);
    };
    await bad({ ifsc: "SBIN1234567" }, 400, /IFSC is 11 characters/);
    await bad({ ifsc: "" }, 400, /Enter the IFSC/);
    await bad({ bankCardNo: "12ab" }, 400, /6 to 20 digits/);
    await bad({ holderName: "" }, 400, /holder/);
    await bad({ bankId: 9999, ifsc: "SBIN0001234" }, 400, /Choose a bank/);
    await bad({ ifsc: "SBIN0001234", assetPassword: "111111" }, 400, /Wrong payment password/);
    const other = await payer(core);
    const theirs = await addCard(core, other.token);
    await bad({ id: theirs, ifsc: "SBIN0001234" }, 404, /not found/);
    const [{ n }] = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM user_banks WHERE user_id = $1",
      [userId],
    );
    expect(n).toBe(0);
    for (let i = 0; i < 5; i++) await addCard(core, token, `10000000${i}`);
    await bad({ ifsc: "SBIN0001234" }, 400, /at most 5 bank cards/);
    const plain = await registerPlayer(core);
    await bad({ ifsc: "SBIN0001234" }, 403, /Set a payment password first/, plain.token);
  });

  it("keeps an account number once per player: parallel and repeated adds, and an edit onto another card's number, are refused", async () => {
    const { token, userId } = await payer(core);
    const add = (bankCardNo: string, extra: Record<string, string | number> = {}) =>
      call<{ id: number }>(core, "/app/userBank/saveOrUpdate", {
        token,
        params: {
          bankId: 1,
          holderName: "Asha Rao",
          bankCardNo,
          ifsc: "SBIN0001234",
          assetPassword: PAY_PASSWORD,
          ...extra,
        },
      });
    const answers = await Promise.all(Array.from({ length: 5 }, () => add("222233334444")));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== 200)) {
      expect(refused).toMatchObject({
        code: 400,
        message: "This bank card is already saved",
        result: { reason: "DUPLICATE_CARD" },
      });
    }
    // Typed again later, with spaces, at another bank: still the same account number.
    expect(await add("2222 3333 4444", { bankId: 2, ifsc: "HDFC0000123" })).toMatchObject({
      code: 400,
      result: { reason: "DUPLICATE_CARD" },
    });
    const other = await add("555566667777");
    expect(other.code).toBe(200);
    expect(await add("222233334444", { id: other.result.id })).toMatchObject({
      result: { reason: "DUPLICATE_CARD" },
    });
    // An edit that keeps its own number is no duplicate.
    expect((await add("555566667777", { id: other.result.id, holderName: "Asha R" })).code).toBe(200);
    const numbers = await core.deps.db.query<{ account_number: string }>(
      "SELECT account_number FROM user_banks WHERE user_id = $1 ORDER BY id",
      [userId],
    );
    expect(numbers.map((n) => n.account_number)).toEqual(["222233334444", "555566667777"]);
    // Another player may save the same number.
    expect((await addCard(core, (await payer(core)).token, "222233334444")) > 0).toBe(true);
  });
});

describe("migration 065 on a database with cards saved twice", () => {
  it("merges each player's repeated account number into the first card, withdrawals pointing to it", async () => {
    const { db, migrateRest } = await openDbBeforeMigration("065");
    try {
      const users = await db.query<{ id: number }>(
        `INSERT INTO users (area_code, phone, password_hash, invitation)
         VALUES ('91', '9100000001', 'x', 'MIGR0001'), ('91', '9100000002', 'x', 'MIGR0002') RETURNING id`,
      );
      const [a, b] = users.map((u) => Number(u.id));
      const cards = await db.query<{ id: number }>(
        `INSERT INTO user_banks (user_id, bank_id, holder_name, account_number, ifsc) VALUES
           ($1, 1, 'A', '111122223333', 'SBIN0001234'), ($1, 1, 'A', '111122223333', 'SBIN0001234'),
           ($1, 1, 'A', '999988887777', 'SBIN0001234'), ($2, 1, 'B', '111122223333', 'SBIN0001234')
         RETURNING id`,
        [a, b],
      );
      const [first, second, third, theirs] = cards.map((c) => Number(c.id));
      await db.query(
        `INSERT INTO withdrawals (user_id, currency, amount_cents, fee_cents, net_cents, user_bank_id,
           bank_name, holder_name, account_last4, account_number, local_day)
         VALUES ($1, 'CASH', 100, 0, 100, $2, 'SBI', 'A', '3333', '111122223333', '2026-11-26')`,
        [a, second],
      );
      await migrateRest();
      const left = await db.query<{ id: number }>("SELECT id FROM user_banks ORDER BY id");
      expect(left.map((c) => Number(c.id))).toEqual([first, third, theirs]);
      const [w] = await db.query<{ user_bank_id: number; account_last4: string }>(
        "SELECT user_bank_id, account_last4 FROM withdrawals",
      );
      expect({ card: Number(w.user_bank_id), last4: w.account_last4 }).toEqual({
        card: first,
        last4: "3333",
      });
      await expect(
        db.query(
          `INSERT INTO user_banks (user_id, bank_id, holder_name, account_number) VALUES ($1, 1, 'A', '111122223333')`,
          [a],
        ),
      ).rejects.toThrow(/user_banks_user_number/);
    } finally {
      await db.close();
    }
  });
});
