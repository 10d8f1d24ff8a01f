import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

/** What the fake upstream saw of one request. */
export interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: Buffer;
}
export type Handler = (seen: Seen, res: ServerResponse) => void | Promise<void>;

/**
 * A tiny local HTTP server standing in for the upstream: each test sets `handler`, then reads
 * `requests`. Faults (timeouts, 500s, garbage, 401s) are injected here, at the HTTP boundary.
 */
export async function startFakeUpstream() {
  const requests: Seen[] = [];
  let handler: Handler = (_seen, res) => envelope(res, 200, "success", null);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const seen = {
        method: req.method ?? "GET",
        url: new URL(req.url ?? "/", "http://127.0.0.1"),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(seen);
      Promise.resolve(handler(seen, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://127.0.0.1:${port}/core`,
    requests,
    setHandler(next: Handler) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The fake upstream of a whole test file: started now, with UPSTREAM_URL pointing at it; after the
 * file's tests UPSTREAM_URL is what it was before and the fake is closed.
 */
export async function fakeUpstreamForFile() {
  const saved = process.env.UPSTREAM_URL;
  const fake = await startFakeUpstream();
  process.env.UPSTREAM_URL = fake.base;
  afterAll(async () => {
    process.env.UPSTREAM_URL = saved;
    await fake.close();
  });
  return fake;
}

export function envelope(res: ServerResponse, code: number, message: string, result: unknown, status = 200) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ code, message, result, timestamp: Date.now() }));
}

/** A whole getUserInfo answer (spec section 3): 12.50 chips, 3 gold, no points. */
export const USER_INFO = {
  chip: 12.5,
  gold: 3,
  point: 0,
  address: null,
  areaCode: "91",
  exchangeBalance: 0,
  headUrl: null,
  id: 1,
  incomeList: [],
  invitation: "ABC123",
  inviteLinkUrl: "https://app.test/?invite=ABC123",
  level: 0,
  nickName: null,
  parentId: null,
  phone: "9000000001",
  recharge: 0,
  remark: null,
  sex: 0,
  sysUserId: null,
  todayBetAmount: 0,
  todayBetIncome: 0,
  todayWin: 0,
  totalBetAmount: 0,
  userStatus: "NORMAL",
  userType: "PLAYER",
  withdraw: 0,
  yesterdayCommission: 0,
  customerServiceUrl: null,
  walletErc: null,
  walletTrc: null,
  hasAssetPassword: false,
};
