import { bankPageSchema, userBankPageSchema } from "#contract/withdrawal";
import { call, describeOnEachDatabase, registerPlayer } from "../../support/core";
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
});
