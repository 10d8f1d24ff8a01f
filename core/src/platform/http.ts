import { isIPv6 } from "node:net";
import type { Context } from "hono";
import { type ZodIssue, ZodIssueCode, type ZodTypeAny, defaultErrorMap, type z } from "zod";
import { ENCRYPTED_FIELD, scrambleResponse, unscramble } from "#contract/codec";
import { Code } from "#contract/codes";
import { Header } from "#contract/headers";
import type { CoreEnv } from "./context";

/**
 * A failure the player (or caller) should read: becomes `{code, message}` in the envelope, with
 * `result` when given (say, why a bet was refused and the amounts, for the client's own words).
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly code: number,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
  }
}

/**
 * A domain rule refusing what its caller asked (an operator's edit out of range, a review of a
 * withdrawal already settled). Domain errors extend it, so no route or command catches them one by
 * one: the core answers `{code, message}` (400 unless `code` says otherwise) and the admin CLI
 * prints the message as a usage error.
 */
export class Refusal extends Error {
  override name = "Refusal";
  constructor(
    message: string,
    readonly code: number = Code.BAD_REQUEST,
  ) {
    super(message);
  }
}

/** Answers with the envelope; scrambled when the request asked for encryption. */
export function reply(c: Context<CoreEnv>, code: number, message: string, result: unknown = null) {
  const envelope = { code, message, result, timestamp: c.get("deps")?.now() ?? Date.now() };
  c.set("resultCode", code);
  if (c.get("encrypt")) {
    return c.text(scrambleResponse(JSON.stringify(envelope)), 200, {
      "content-type": "text/plain; charset=utf-8",
    });
  }
  return c.json(envelope, 200);
}

export function ok(c: Context<CoreEnv>, result: unknown = null, message = "success") {
  return reply(c, Code.OK, message, result);
}

/**
 * The call's parameters as flat strings: the query for GET, the form (or JSON) body for POST,
 * unscrambled from the `data` field when the encryption header is "1". Read once per request.
 */
export async function readInput(c: Context<CoreEnv>): Promise<Record<string, string>> {
  const cached = c.get("input");
  if (cached) return cached;
  let input: Record<string, string> = {};
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    input = c.req.query();
  } else {
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/json")) {
      const body = await c.req.json().catch(() => {
        throw new ApiError(Code.BAD_REQUEST, "The request body is not valid JSON");
      });
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        throw new ApiError(Code.BAD_REQUEST, "The request body must be an object");
      }
      for (const [k, v] of Object.entries(body)) if (v !== null && v !== undefined) input[k] = String(v);
    } else if (type.includes("application/x-www-form-urlencoded")) {
      // As text: the Fetch API's formData() parser was a quarter of a page-view call's CPU.
      for (const [k, v] of new URLSearchParams(await c.req.text())) input[k] = v;
    } else if (type.includes("multipart/form-data")) {
      const form = await c.req.parseBody();
      for (const [k, v] of Object.entries(form)) if (typeof v === "string") input[k] = v;
    }
  }
  if (c.get("encrypt") && typeof input[ENCRYPTED_FIELD] === "string") {
    try {
      input = Object.fromEntries(new URLSearchParams(unscramble(input[ENCRYPTED_FIELD])));
    } catch {
      throw new ApiError(Code.BAD_REQUEST, "The encrypted request could not be read");
    }
  }
  c.set("input", input);
  return input;
}

/**
 * Zod's own words for a problem ("Required", "String must contain at least 1 character(s)") in
 * words that name the field: "t is required", "id must be at most 40 characters"; null for a
 * problem zod has no plainer words for here.
 */
function fieldMessage(issue: ZodIssue): string | null {
  const field = issue.path.join(".") || "The input";
  switch (issue.code) {
    case ZodIssueCode.invalid_type:
      return issue.received === "undefined" ? `${field} is required` : `${field} must be a ${issue.expected}`;
    case ZodIssueCode.too_small:
      if (issue.type === "string")
        return Number(issue.minimum) <= 1
          ? `${field} is required`
          : `${field} must be at least ${issue.minimum} characters`;
      return issue.type === "number" ? `${field} must be at least ${issue.minimum}` : null;
    case ZodIssueCode.too_big:
      if (issue.type === "string") return `${field} must be at most ${issue.maximum} characters`;
      return issue.type === "number" ? `${field} must be at most ${issue.maximum}` : null;
    default:
      return null;
  }
}

/**
 * Validates the call's parameters; the first problem becomes a 400 with a readable message: the
 * schema's own words where it has them ("Enter your password"), else fieldMessage's.
 */
export async function parseInput<S extends ZodTypeAny>(c: Context<CoreEnv>, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await readInput(c));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const zodWords =
      issue.message === defaultErrorMap(issue, { defaultError: issue.message, data: undefined }).message;
    throw new ApiError(Code.BAD_REQUEST, (zodWords && fieldMessage(issue)) || issue.message);
  }
  return parsed.data;
}

/** The token from `access-token` or `Authorization` (raw or "Bearer x"). */
/**
 * The request's idempotency key as a table keeps it (trimmed, 200 characters at most), or null
 * when it sent none: one key, one effect, whatever the call (a bet, a recharge, a withdrawal…).
 */
export function idempotencyKeyOf(header: string | null | undefined): string | null {
  return header?.trim().slice(0, 200) || null;
}

export function tokenOf(c: Context<CoreEnv>): string | null {
  const raw = c.req.header(Header.accessToken) || c.req.header(Header.authorization) || "";
  const token = raw.replace(/^Bearer\s+/i, "").trim();
  return token || null;
}

/**
 * The signed-in player, or a 401 envelope ("Please log in first"); an expired token gives 50001
 * ("Your login has expired, please log in again"). Both end the session in the client.
 */
export function requireUser(c: Context<CoreEnv>) {
  const user = c.get("user");
  if (user) return user;
  if (c.get("authProblem") === "expired") {
    throw new ApiError(Code.TOKEN_EXPIRED, "Your login has expired, please log in again");
  }
  throw new ApiError(Code.UNAUTHENTICATED, "Please log in first");
}

/** Peers allowed to say whose request this is: loopback and private networks (the BFF). */
const TRUSTED_PEER =
  /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|::ffff:(127|10|192\.168|172\.(1[6-9]|2\d|3[01]))\.|f[cd][0-9a-f]{2}:)/i;

/**
 * The caller's address: the player's as the BFF forwards it in x-forwarded-for, believed only
 * from a loopback or private-network peer (or in-process requests); otherwise the peer itself,
 * so that a client on the open network cannot dodge the per-address limits.
 */
export function clientIp(c: Context<CoreEnv>): string {
  const peer = c.get("remoteAddress");
  const forwarded = c.req.header(Header.forwardedFor)?.split(",")[0]?.trim();
  if (forwarded && (!peer || TRUSTED_PEER.test(peer))) return forwarded;
  return peer || "unknown";
}

/** The eight groups of an IPv6 address, each as 0 to ffff; null when `ip` is not one. */
function ipv6Groups(ip: string): string[] | null {
  if (!isIPv6(ip)) return null;
  let text = ip.split("%")[0].toLowerCase();
  // A trailing IPv4 ("::ffff:1.2.3.4") is its last two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const first = head ? head.split(":") : [];
  const last = tail ? tail.split(":") : [];
  const zeros = tail === null ? [] : Array(8 - first.length - last.length).fill("0");
  return [...first, ...zeros, ...last].map((g) => Number.parseInt(g, 16).toString(16));
}

/**
 * The network a per-address limit counts the caller under: an IPv4 address itself (an
 * IPv4-mapped IPv6 one as IPv4), an IPv6 address by its /64. One subscriber or one host is given a
 * whole /64 and chooses any address in it, so counted one address at a time, every try could come
 * from a new address and the limits on sign-ins and SMS codes would count nothing.
 */
export function clientNetwork(c: Context<CoreEnv>): string {
  const ip = clientIp(c);
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === "0") && groups[5] === "ffff")
    return [0, 1]
      .map((i) =>
        [Number.parseInt(groups[6 + i], 16) >> 8, Number.parseInt(groups[6 + i], 16) & 255].join("."),
      )
      .join(".");
  return `${groups.slice(0, 4).join(":")}::/64`;
}
