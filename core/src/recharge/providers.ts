import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The payment-provider adapter (docs/wallet.md "Payment provider adapter"). A cash recharge goes:
 *
 * 1. the core makes an order (PENDING) and asks the channel's provider to `createPayment`: the
 *    provider answers where the player pays (its hosted pay page);
 * 2. the player pays (or cancels) on the provider's page;
 * 3. the provider calls back: POST /core/app/recharge/notify/<provider name> with its own body
 *    and headers. The core hands them, unparsed, to `verifyCallback`; only a verified
 *    notification changes the order. PAID credits the order's amount once (ledger kind RECHARGE,
 *    counter DEPOSITS_CASH, refId the order id), however often the notification repeats; FAILED
 *    marks a pending order FAILED. Anything else is refused and logged.
 *
 * To plug in a real provider, implement this interface (its signature scheme in verifyCallback,
 * its API call in createPayment), add it to `createProviders` and name it in a pay channel's
 * `provider` (operator API or `admin pay-channel add NAME "Show name" --provider NAME`).
 */
export interface PaymentProvider {
  /** The name pay channels refer to and the callback path ends with. */
  readonly name: string;
  /** Starts a payment: where the player goes to pay. */
  createPayment(order: PaymentOrder): Promise<{ payUrl: string }>;
  /** Checks a callback exactly as it arrived; says what it reports, or why it is not believed. */
  verifyCallback(callback: RawCallback): CallbackVerdict | Promise<CallbackVerdict>;
}

interface PaymentOrder {
  id: string;
  amountCents: number;
  payChannelName: string;
  /** A secret of this order only, for a provider that hosts its page on our side (the sandbox). */
  payToken: string;
}

export interface RawCallback {
  body: string;
  headers: Record<string, string>;
}

type CallbackVerdict =
  | {
      ok: true;
      orderId: string;
      /** What the provider says was paid, in cents: must equal the order's amount. */
      amountCents: number;
      status: "PAID" | "FAILED";
      /** The provider's transaction reference. */
      providerRef: string;
    }
  | { ok: false; reason: string };

/** The sandbox's signature header: hex HMAC-SHA256 of the raw body with the shared secret. */
export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";
export const SANDBOX_PROVIDER = "sandbox";

/** The sandbox's notification body (JSON). */
interface SandboxNotification {
  orderId: string;
  /** Units with two decimals, as text ("100.00"). */
  amount: string;
  status: "PAID" | "FAILED";
  providerRef: string;
  /** Milliseconds since the epoch when it was signed. */
  timestamp: number;
}

export function signSandbox(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** The sandbox's notification for an order, signed: body and headers as it POSTs them. */
export function sandboxNotification(
  secret: string,
  n: Omit<SandboxNotification, "providerRef" | "timestamp"> & { timestamp: number },
): RawCallback {
  const body = JSON.stringify({ ...n, providerRef: `SBX${randomBytes(8).toString("hex").toUpperCase()}` });
  return {
    body,
    headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandbox(secret, body) },
  };
}

const AMOUNT = /^\d{1,13}\.\d{2}$/;

/**
 * The default provider: its pay page is served by the app at /pay/sandbox/<order id>?t=<token>
 * (it reads and decides the order through /core/app/recharge/sandbox/*, decision 027), and its
 * callbacks are signed with `secret` (PAYMENT_SANDBOX_SECRET or the database's own).
 */
export function sandboxProvider(secret: () => Promise<string>): PaymentProvider {
  return {
    name: SANDBOX_PROVIDER,
    async createPayment(order) {
      return { payUrl: `/pay/sandbox/${encodeURIComponent(order.id)}?t=${order.payToken}` };
    },
    async verifyCallback({ body, headers }) {
      const given = headers[SANDBOX_SIGNATURE_HEADER] ?? "";
      const expected = signSandbox(await secret(), body);
      if (!/^[0-9a-f]{64}$/.test(given) || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        return { ok: false, reason: "bad signature" };
      }
      let n: Partial<SandboxNotification>;
      try {
        n = JSON.parse(body);
      } catch {
        return { ok: false, reason: "body is not JSON" };
      }
      if (
        typeof n.orderId !== "string" ||
        typeof n.amount !== "string" ||
        !AMOUNT.test(n.amount) ||
        (n.status !== "PAID" && n.status !== "FAILED") ||
        typeof n.providerRef !== "string"
      ) {
        return { ok: false, reason: "malformed notification" };
      }
      const [whole, cents] = n.amount.split(".");
      return {
        ok: true,
        orderId: n.orderId,
        amountCents: Number(whole) * 100 + Number(cents),
        status: n.status,
        providerRef: n.providerRef.slice(0, 100),
      };
    },
  };
}
