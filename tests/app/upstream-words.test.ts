import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inPlayersLanguage, upstreamMessageKey } from "~/utils/upstream-words.server";
import { DEMO_PLAYER, Jar, formCaller } from "../support/app-server";
import { describeBuilt, useBuiltApp } from "../support/built-app";
import { upstreamMessages } from "../support/upstream-messages";
import { requestWithSession } from "./helpers";

/**
 * The upstream's refusals reach a player in the player's language (app/utils/upstream-words.server.ts):
 * every message the reference core can answer a player is a key of locales/<lng>/upstream.json, or
 * is listed below as one no player meets; an English session reads the core's exact English, and
 * a message the BFF does not know passes through unchanged.
 */

const ROOT = process.cwd();

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === "string" ? [v] : flatten(v)));
const english = flatten(JSON.parse(readFileSync(join(ROOT, "locales/en-US/upstream.json"), "utf8")));
/** A text with its variable parts as `{}`, as upstreamMessages gives a template. */
const shape = (text: string) => text.replace(/\{\{\w+\}\}/g, "{}");

/** Messages no player meets through the app: the operator API, the admin's settings, a developer's call. */
const NOT_PLAYER_FACING = [
  // A developer's malformed call (the app always sends a well-formed form).
  "The request body is not valid JSON",
  "The request body must be an object",
  "The encrypted request could not be read",
  "The request is too large",
  "The SMS type must be one of {}",
  "{} must be a player id",
  "{} must be a number",
  "No configuration value named {}",
  "Not found",
  // The operator API and its settings (core/src/*/admin.ts, operator routes, Refusal of an edit).
  "Operator credentials required",
  "An operator can lower a player's limit, never raise or remove it",
  "An operator cannot lift, shorten or start a player's exclusion",
  "No player with phone +{} {}",
  "{}: an amount such as 100 or {}",
  "{}: a whole number from 1 to 1000000000",
  "{}: CHIP, GOLD or POINT",
  "A new pair needs fromUnits and toUnits",
  "Name at least one field to change",
  "Unknown field {}; fields: {}",
  "Unknown field {} (minTurnover, dividendPercent)",
  "Unknown field {} (sharePercent, payoutPercent, winners)",
  "Unknown field {} (fields: {})",
  "{} must be a percentage from 0 to {}",
  "A rejection needs a reason",
  "No application under review for player {}",
  "Limits must be non-negative amounts",
  "The level must be 1 to 99",
  "The level name is empty",
  "BET_CLOSE_SECONDS must be less than ROUND_SECONDS",
  "No game {}",
  "A channel {} already exists",
  "Name a field to change: showName, provider, sort, enabled",
  "No channel {}",
  "No player has this address",
  "Not a valid {} address ({})",
  "The amount is too large to credit",
  "The amount is too large: at most {} USDT",
  "This address is not a {} address (wrong network)",
  "This transaction was already reported with another network, address or amount",
  "A new plan needs {}",
  "Name at least one field",
  "No plan {}",
  "Refused: the minimum must not exceed the maximum",
  "{}: an amount, e.g. 5 or 2.50",
  "{}: at least {}",
  "{}: at most {} %",
  "{}: one to three percentages separated by commas, e.g. 1,0.5,0.2",
  "Unknown setting {} (settings: {})",
  "A new task needs {}",
  "No task {}",
  "{}: a multiple such as 1 or 1.5",
  "{}: a percent from 0 to {}",
  "{}: withdrawals follow the operator's time zone, {}; change LIMITS_TIME_ZONE to change it",
  "{}: enter an amount such as 100 or 99.50",
  "{}: HH:MM-HH:MM such as 09:00-21:00",
  "{}: ISO weekdays such as 1,2,3,4,5 (Monday 1)",
  "{}: the rate must be at most {} CHIP per USDT",
  "{}: the rate must be more than 0 (CHIP per USDT, such as 90)",
  "{}: true or false",
  "Refused: minimums must not exceed maximums (and the single-day limit not below the minimum)",
  "Give a reason for the player",
  "No such withdrawal",
  "The reason is at most 200 characters",
  "Withdrawal {} does not exist",
  "Withdrawal {} is already {}",
  "Withdrawal {} is already approved ({})",
  // An operator's acceptance of a refused jackpot day's sealed list (decision 080).
  "Give a reason: what the books showed when you found out why they changed",
  "The reason must be at most 1000 characters",
  "There is no jackpot day {}",
  "Jackpot day {} is drawn already",
  "Jackpot day {} has no sealed ticket list (a list is sealed once the day has ended and its rounds are settled)",
  "Jackpot day {}'s sealed list was accepted already, at {}",
  "Jackpot day {} has rounds not settled yet; accept once they are",
  "Jackpot day {}'s settled rounds match its sealed list: nothing to accept (the draw takes it as it is)",
  // The core's start-up configuration (read in zod schemas, never answered to a call).
  "{} must be {}-{} digits",
  "{} must be 64 hex characters",
  "DATABASE_URL must be a postgres:// URL",
  "DEMO_PASSWORD must be at least 6 characters",
  "LIMITS_HELP_URL must be an http(s) URL",
  "LIMITS_TIME_ZONE must be an IANA time zone such as Asia/Kolkata",
  "OPERATORS must be name:HASH[,name:HASH] (hashes from `admin operator hash`)",
  "SMS_HTTP_AUTH_HEADER must be a header name",
  "SMS_HTTP_URL must be an http(s) URL",
  "PAYMENT_SANDBOX_SECRET must be at least 32 characters",
];

/**
 * Player protection's refusals carry their limit, amounts and dates in the answer's result, and the
 * app words them from it (limit-refusal.server.ts, with the player's dates and money), not from the text.
 */
const WORDED_FROM_THE_DETAIL = [
  "This would pass your {} {} limit of {}: {} left until {}",
  "You are in {} until {}: you can withdraw and read your records, nothing else",
];

/** A message whose template chooses between words: each of its English forms is a key. */
const SPELT_OUT: Record<string, string[]> = {
  "Wrong payment password: {} {} left": [
    "Wrong payment password: {{count}} try left",
    "Wrong payment password: {{count}} tries left",
  ],
};

describe("every upstream message a player can meet is in the player's words", () => {
  const found = upstreamMessages(ROOT);
  const translated = new Set(english.map(shape));

  it("reads the core's messages (the refusals the defect named among them)", () => {
    const texts = found.map((m) => m.text);
    expect(found.length).toBeGreaterThan(150);
    for (const text of [
      "Incorrect phone number or password",
      "The SMS code is wrong or has expired",
      "Please wait {} s before asking for another code",
      "Set a payment password first",
      "There is nothing to claim",
      "Choose a country code",
    ])
      expect(texts).toContain(text);
  });

  it("each is translated, worded from its detail, or listed as not player-facing", () => {
    const left = found
      .filter(({ text }) => !translated.has(text))
      .filter(({ text }) => !NOT_PLAYER_FACING.includes(text) && !WORDED_FROM_THE_DETAIL.includes(text))
      .filter(({ text }) => !SPELT_OUT[text]?.every((form) => english.includes(form)))
      .map(({ file, text }) => `${file}: ${text}`);
    expect(left).toEqual([]);
  });

  it("lists nothing the core no longer says, nor anything it translates", () => {
    const texts = new Set(found.map((m) => m.text));
    const listed = [...NOT_PLAYER_FACING, ...WORDED_FROM_THE_DETAIL, ...Object.keys(SPELT_OUT)];
    expect(listed.filter((text) => !texts.has(text))).toEqual([]);
    expect(NOT_PLAYER_FACING.filter((text) => translated.has(text))).toEqual([]);
  });

  it("knows each English text as one key only", () => {
    expect(english.length).toBe(new Set(english).size);
  });
});

describe("upstreamMessageKey and inPlayersLanguage", () => {
  it("find an exact message and a message with a variable part", () => {
    expect(upstreamMessageKey("Incorrect phone number or password")).toEqual({
      key: "auth.wrongLogin",
      values: {},
    });
    expect(upstreamMessageKey("Please wait 42 s before asking for another code")).toEqual({
      key: "sms.wait",
      values: { seconds: "42" },
    });
    expect(upstreamMessageKey("This is a TRC20 address: choose TRC20, or enter a BEP20 address")).toEqual({
      key: "withdrawal.wrongNetwork",
      values: { other: "TRC20", network: "BEP20" },
    });
  });

  it("say a known message in the session's language, the core's English in English", async () => {
    const german = await requestWithSession("http://localhost/", { lang: "de-DE" });
    expect(await inPlayersLanguage(german, "Please wait 42 s before asking for another code")).toBe(
      "Bitte warten Sie 42 s, bevor Sie einen neuen Code anfordern",
    );
    expect(await inPlayersLanguage(german, "Wrong payment password: 1 try left")).toBe(
      "Falsches Zahlungspasswort: noch 1 Versuch",
    );
    const korean = await requestWithSession("http://localhost/", { lang: "ko-KR" });
    expect(await inPlayersLanguage(korean, "There is nothing to claim")).toBe("받을 수 있는 항목이 없습니다");
    const english = await requestWithSession("http://localhost/", { lang: "en-US" });
    expect(await inPlayersLanguage(english, "There is nothing to claim")).toBe("There is nothing to claim");
    // A player who never chose a language reads en-US pages (the upstream is asked in ja-JP).
    const unset = await requestWithSession("http://localhost/", {});
    expect(await inPlayersLanguage(unset, "Set a payment password first")).toBe(
      "Set a payment password first",
    );
  });

  it("pass a message they do not know through unchanged (another upstream's own words)", async () => {
    const german = await requestWithSession("http://localhost/", { lang: "de-DE" });
    for (const message of [
      "Our maintenance window runs until 04:00",
      "Please wait a moment before asking for another code",
      "Incorrect phone number or password!",
    ]) {
      expect(upstreamMessageKey(message)).toBeNull();
      expect(await inPlayersLanguage(german, message)).toBe(message);
    }
  });
});

/** The text of the page's form errors: what a browser without JavaScript shows. */
const shown = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describeBuilt("the upstream's refusals in German and in English, with and without JavaScript", () => {
  const { app, call } = useBuiltApp();
  const wrongLogin = { ...DEMO_PLAYER, password: "wrong-one" };
  const register = {
    intent: "register",
    areaCode: "91",
    phone: "9000000471",
    smsCode: "000000",
    password: "abc12345",
    confirmPassword: "abc12345",
    invitationCode: "DEMO8888",
    ageConfirmed: "on",
  };

  it("an English session reads the core's exact English, as before", async () => {
    const answer = await call("/pages/login/login", { form: wrongLogin });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Incorrect phone number or password");
    const page = await call("/pages/login/login", { form: wrongLogin, json: false });
    expect(shown(page.html)).toContain("Incorrect phone number or password");
  });

  it("speaks German", async () => {
    expect((await call("/resources/lang", { form: { lang: "de-DE" } })).status).toBe(200);
  });

  it("a wrong password at sign-in", async () => {
    const answer = await call("/pages/login/login", { form: wrongLogin });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Telefonnummer oder Passwort ist falsch");
    const page = await call("/pages/login/login", { form: wrongLogin, json: false });
    expect(page.status).toBe(400);
    expect(shown(page.html)).toContain("Telefonnummer oder Passwort ist falsch");
    expect(page.html).not.toContain("Incorrect phone number");
  });

  it("a wrong SMS code at registration", async () => {
    const answer = await call("/pages/login/login", { form: register });
    expect(answer.body.message).toBe("Der SMS-Code ist falsch oder abgelaufen");
    const page = await call("/pages/login/login", { form: register, json: false });
    expect(shown(page.html)).toContain("Der SMS-Code ist falsch oder abgelaufen");
    expect(page.html).not.toContain("wrong or has expired");
  });

  it("the core's wait before another SMS code (asked from another session, which the app's own count does not know)", async () => {
    const sms = { intent: "sendSms", purpose: "register", areaCode: "91", phone: "9000000472" };
    expect((await call("/pages/login/login", { form: sms })).body.ok).toBe(true);
    const other = formCaller(app, new Jar());
    expect((await other("/resources/lang", { form: { lang: "de-DE" } })).status).toBe(200);
    const answer = await other("/pages/login/login", { form: sms });
    expect(answer.body.message).toMatch(/^Bitte warten Sie \d+ s, bevor Sie einen neuen Code anfordern$/);
    const page = await formCaller(app, new Jar())("/pages/login/login", { form: sms, json: false });
    // That session is in en-US: the core's English, exactly.
    expect(shown(page.html)).toMatch(/Please wait \d+ s before asking for another code/);
  });

  it("a claim with nothing to claim, and a card saved without a payment password, signed in", async () => {
    expect((await call("/pages/login/login", { form: DEMO_PLAYER })).status).toBe(200);
    expect((await call("/resources/lang", { form: { lang: "de-DE" } })).status).toBe(200);
    const claim = await call("/pages/team/claimBonus/claimBonus", { form: { intent: "claim" } });
    expect(claim.body.message).toMatch(/^Es gibt nichts abzuholen/);
    const card = {
      bankId: "1",
      holderName: "Demo Player",
      bankCardNo: "123456789012",
      ifsc: "SBIN0001234",
      assetPassword: "246810",
    };
    const answer = await call("/pages/bankCard/bankCard", { form: card });
    expect(answer.body.message).toMatch(/^Legen Sie zuerst ein Zahlungspasswort fest/);
    const page = await call("/pages/bankCard/bankCard", { form: card, json: false });
    expect(shown(page.html)).toContain("Legen Sie zuerst ein Zahlungspasswort fest");
  });
});
