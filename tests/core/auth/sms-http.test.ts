import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { logSmsSender, smsDeliveriesSettled } from "../../../core/src/auth/sms";
import { SmsDeliveryError, httpSmsSender, retryPauseMs } from "../../../core/src/auth/sms-http";
import { ConfigError, loadConfig } from "../../../core/src/platform/config";
import type { HttpSmsConfig, SmsMessage } from "../../../core/src/platform/sms";
import { call, freshIp, freshPhone, sendSmsCode, startTestCore } from "../../support/core";
import { PRODUCTION_ENV, PRODUCTION_KEYS } from "../../support/production";

/**
 * The HTTP gateway adapter against a real local HTTP server standing in for the operator's SMS
 * gateway: each test queues how the next requests are answered (status, a hang past the timeout,
 * a dropped connection) and reads what arrived.
 */
type Step = number | "hang" | "drop";
interface Arrival {
  headers: IncomingMessage["headers"];
  body: string;
}

let gateway: Server;
let url: string;
const arrivals: Arrival[] = [];
let script: Step[] = [];

beforeAll(async () => {
  gateway = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      arrivals.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      const step = script.shift() ?? 200;
      if (step === "hang") return;
      if (step === "drop") return req.socket.destroy();
      res.writeHead(step, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: step < 300, echo: "the gateway may echo the text" }));
    });
  });
  await new Promise<void>((r) => gateway.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms/send`;
});
afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise<void>((r) => gateway.close(() => r()));
});
beforeEach(() => {
  arrivals.length = 0;
  script = [];
});

function capture() {
  const lines: string[] = [];
  const log = pino({ level: "debug" }, { write: (line: string) => void lines.push(line) });
  return { log, text: () => lines.join("") };
}

const message: SmsMessage = {
  id: "msg-0001",
  areaCode: "91",
  phone: "9000000123",
  purpose: "REGISTER",
  text: "Your Colour Lottery verification code is 424242.",
  code: "424242",
};

function config(over: Partial<HttpSmsConfig> = {}): HttpSmsConfig {
  return {
    url,
    authHeader: "x-api-key",
    authValue: "gateway-secret",
    format: "json",
    body: { to: "{{to}}", text: "{{text}}", reference: "{{id}}", meta: { kind: "{{purpose}}" } },
    timeoutMs: 300,
    retries: 2,
    ...over,
  };
}

describe("HTTP SMS gateway adapter", () => {
  it("posts the body template filled in, with the secret header and the message id", async () => {
    const { log } = capture();
    await httpSmsSender(config(), log).send(message);
    expect(arrivals).toHaveLength(1);
    const [arrival] = arrivals;
    expect(arrival.headers["content-type"]).toBe("application/json");
    expect(arrival.headers["x-api-key"]).toBe("gateway-secret");
    expect(arrival.headers["idempotency-key"]).toBe("msg-0001");
    expect(JSON.parse(arrival.body)).toEqual({
      to: "+919000000123",
      text: message.text,
      reference: "msg-0001",
      meta: { kind: "REGISTER" },
    });
  });

  it("form-encodes a flat template; a text with quotes stays one field", async () => {
    const { log } = capture();
    const sender = httpSmsSender(
      config({ format: "form", body: { msisdn: "{{areaCode}}{{phone}}", sms: "{{text}}" } }),
      log,
    );
    await sender.send({ ...message, text: 'He said "hi" & left={{code}}' });
    expect(arrivals[0].headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(arrivals[0].body))).toEqual({
      msisdn: "919000000123",
      sms: 'He said "hi" & left={{code}}',
    });
  });

  it("retries 5xx, 429, timeouts and dropped connections with the same id, then succeeds", async () => {
    const { log, text } = capture();
    const pauses: number[] = [];
    const pause = async (ms: number) => void pauses.push(ms);
    for (const first of [500, 503, 429, 408, "hang", "drop"] as const) {
      arrivals.length = 0;
      script = [first, 200];
      await httpSmsSender(config(), log, pause).send(message);
      expect(arrivals, String(first)).toHaveLength(2);
      expect(arrivals.map((a) => a.headers["idempotency-key"])).toEqual(["msg-0001", "msg-0001"]);
    }
    expect(pauses.every((ms) => ms === retryPauseMs(0))).toBe(true);
    expect(text()).toContain("SMS gateway attempt failed");
    expect(text()).not.toContain("424242");
  });

  it("gives up after the bounded number of retries, with growing pauses", async () => {
    const { log, text } = capture();
    const pauses: number[] = [];
    script = [500, 502, 503, 504, 500];
    const sending = httpSmsSender(config({ retries: 3 }), log, async (ms) => void pauses.push(ms)).send(
      message,
    );
    await expect(sending).rejects.toBeInstanceOf(SmsDeliveryError);
    expect(arrivals).toHaveLength(4);
    expect(pauses).toEqual([250, 500, 1000]);
    expect(text()).not.toContain("424242");
  });

  it("does not retry a refusal (4xx other than 408 and 429)", async () => {
    const { log } = capture();
    script = [400, 200];
    await expect(httpSmsSender(config(), log, async () => {}).send(message)).rejects.toThrow(/HTTP 400/);
    expect(arrivals).toHaveLength(1);
  });

  it("never waits longer than its timeout for an attempt (real pauses)", async () => {
    const { log } = capture();
    script = ["hang", "hang"];
    const started = Date.now();
    await expect(httpSmsSender(config({ retries: 1, timeoutMs: 200 }), log).send(message)).rejects.toThrow(
      /no answer in 200 ms/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(arrivals).toHaveLength(2);
  });
});

describe("SMS configuration", () => {
  it("refuses to start in production with the log provider unless allowed, and then writes no code", () => {
    expect(() => loadConfig({ NODE_ENV: "production", ...PRODUCTION_KEYS })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", ...PRODUCTION_KEYS })).toThrow(
      /SMS_PROVIDER=log cannot send codes in production/,
    );
    const allowed = loadConfig({ NODE_ENV: "production", ...PRODUCTION_KEYS, SMS_ALLOW_LOG_PROVIDER: "1" });
    expect(allowed.sms).toEqual({ provider: "log", writeCodes: false });
    expect(loadConfig({ NODE_ENV: "development" }).sms).toEqual({ provider: "log", writeCodes: true });
  });

  it("reads the gateway's settings and refuses bad ones", () => {
    const env = {
      ...PRODUCTION_ENV,
      SMS_HTTP_AUTH_HEADER: "X-Api-Key",
      SMS_HTTP_AUTH_VALUE: "secret",
      SMS_HTTP_FORMAT: "form",
      SMS_HTTP_BODY: '{"to":"{{to}}","message":"{{text}}"}',
      SMS_HTTP_TIMEOUT_MS: "2000",
      SMS_HTTP_RETRIES: "3",
    };
    expect(loadConfig(env).sms).toEqual({
      provider: "http",
      http: {
        url: PRODUCTION_ENV.SMS_HTTP_URL,
        authHeader: "x-api-key",
        authValue: "secret",
        format: "form",
        body: { to: "{{to}}", message: "{{text}}" },
        timeoutMs: 2000,
        retries: 3,
      },
    });
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ SMS_HTTP_URL: "" }, /SMS_HTTP_URL/],
      [{ SMS_HTTP_URL: "ftp://x.example/send" }, /SMS_HTTP_URL/],
      [{ SMS_HTTP_BODY: "not json" }, /SMS_HTTP_BODY must be a JSON object/],
      [{ SMS_HTTP_BODY: "[1]" }, /SMS_HTTP_BODY must be a JSON object/],
      [{ SMS_HTTP_BODY: '{"to":"{{to}}"}' }, /\{\{text\}\} or \{\{code\}\}/],
      [{ SMS_HTTP_BODY: '{"a":{"b":"{{text}}"}}' }, /flat/],
      [{ SMS_HTTP_RETRIES: "9" }, /SMS_HTTP_RETRIES/],
      [{ SMS_HTTP_TIMEOUT_MS: "0" }, /SMS_HTTP_TIMEOUT_MS/],
      [{ SMS_HTTP_AUTH_HEADER: "bad header" }, /SMS_HTTP_AUTH_HEADER/],
    ];
    for (const [over, message] of bad) {
      const { SMS_HTTP_URL, ...rest } = env;
      const next = over.SMS_HTTP_URL === "" ? { ...rest } : { ...env, ...over };
      expect(() => loadConfig(next), JSON.stringify(over)).toThrow(message);
    }
  });

  it("the log provider in production writes that a text was not sent, never the code nor the number", () => {
    const { log, text } = capture();
    void logSmsSender(log, { writeCodes: false }).send(message);
    expect(text()).toContain("SMS not sent");
    expect(text()).toContain("+91 90******23");
    expect(text()).not.toContain("424242");
    expect(text()).not.toContain("9000000123");
  });
});

describe("the core with the HTTP provider", () => {
  it("texts the code through the gateway, answers without waiting for it, and logs no code", async () => {
    const core = await startTestCore({
      config: { sms: { provider: "http", http: config({ timeoutMs: 1000 }) } },
    });
    try {
      script = ["hang", 500, 200];
      const phone = freshPhone();
      const started = Date.now();
      const res = await sendSmsCode(core, phone);
      expect(res.code).toBe(200);
      expect(Date.now() - started).toBeLessThan(800);
      await smsDeliveriesSettled();
      expect(arrivals).toHaveLength(3);
      const sent = JSON.parse(arrivals[2].body) as { to: string; text: string };
      expect(sent.to).toBe(`+91${phone}`);
      const code = /code is (\d{6})/.exec(sent.text)?.[1] ?? "";
      expect(code).toMatch(/^\d{6}$/);
      expect(core.logLines().filter((l) => JSON.stringify(l.msg).includes(code))).toEqual([]);
      // The code works.
      const registered = await call(core, "/app/auth/register", {
        params: { areaCode: "91", phone, password: "secret12", smsCode: code },
      });
      expect(registered.code).toBe(200);
    } finally {
      await core.close();
    }
  });
});
