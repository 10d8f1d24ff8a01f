import http from "node:http";
import https from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { redirect } from "@remix-run/node";
import type { z } from "zod";
import {
  ENCRYPTED_FIELD,
  isScrambledResponse,
  scramble,
  toQueryString,
  unscrambleResponse,
} from "#contract/codec";
import { Code, endsSession } from "#contract/codes";
import { envelopeSchema } from "#contract/envelope";
import { DEFAULT_REQUEST_LANGUAGE, Header } from "#contract/headers";
import { type Env, getEnv, upstreamBaseUrl } from "../env.server";
import { i18n } from "../i18n.server";
import { logger } from "../logger.server";
import { LOGIN_PATH, createLoggedOutSession, getSession, loginUrlFor } from "../session.server";
import { combineHeaders, createToastHeaders } from "../toast.server";
import { inPlayersLanguage } from "../upstream-words.server";
import { UpstreamError } from "./errors.server";

/**
 * The one client of the upstream `/core` API (spec section 7, design section 3). Everything the
 * original app did per call happens here, in one private `send()`: headers, codec, timeout,
 * envelope, and the mapping of every failure onto one error type.
 */
type Params = Record<string, string | number | boolean | undefined | null>;
interface UpstreamOptions<S extends z.ZodTypeAny> {
  method?: "GET" | "POST";
  params?: Params;
  schema: S;
  idempotencyKey?: string;
  /** Overrides UPSTREAM_ENCRYPT for this call (the tracking call always encrypts). */
  encrypt?: boolean;
  timeoutMs?: number;
  /**
   * The language this call's answer is read in, when it is not the caller's header: texts shown
   * on the page (notices) follow the page's language, en-US for a player who never chose one,
   * where the header's own default is ja-JP (spec section 9).
   */
  language?: string;
  /**
   * The device id sent, when it is not the session's: a sign-in from a cookie without one sends
   * the id its new session will keep, so that the core trusts this device for the phone.
   */
  deviceId?: string;
}
interface EnvelopeResult<T> {
  code: number;
  message: string;
  result: T | null;
  /** The unparsed `result` of a non-200 answer (say, why a bet was refused), else null. */
  detail: unknown;
  timestamp?: number;
}

interface CallerContext {
  token?: string;
  lang?: string;
  deviceId?: string;
  requestId?: string;
  forwardedFor?: string;
  signal?: AbortSignal;
}

/** What every upstream call of one page request sends: read once per Request. */
const callers = new WeakMap<Request, Promise<CallerContext>>();

function callerOf(request: Request | null): Promise<CallerContext> {
  if (!request) return Promise.resolve({});
  let caller = callers.get(request);
  if (!caller) {
    caller = getSession(request).then((session) => ({
      token: session.get("token") || undefined,
      lang: session.get("lang") || undefined,
      deviceId: session.get("deviceId") || undefined,
      requestId: request.headers.get(Header.requestId) || undefined,
      forwardedFor: request.headers.get(Header.forwardedFor) || undefined,
      signal: request.signal,
    }));
    callers.set(request, caller);
  }
  return caller;
}

/** The language the upstream is asked in for this request (its answers may differ by it). */
export async function upstreamLanguage(request: Request | null): Promise<string> {
  return (await callerOf(request)).lang || DEFAULT_REQUEST_LANGUAGE;
}

function urlOf(env: Env, path: string): URL {
  return new URL(`${upstreamBaseUrl(env)}/${path.replace(/^\/+/, "")}`);
}

function baseHeaders(caller: CallerContext, encrypt: boolean): Headers {
  const headers = new Headers({
    accept: "application/json",
    [Header.language]: caller.lang || DEFAULT_REQUEST_LANGUAGE,
    [Header.encrypt]: encrypt ? "1" : "0",
    [Header.requestId]: caller.requestId || crypto.randomUUID(),
  });
  if (caller.token) {
    headers.set(Header.authorization, caller.token);
    headers.set(Header.accessToken, caller.token);
  }
  if (caller.deviceId) headers.set(Header.deviceId, caller.deviceId);
  if (caller.forwardedFor) headers.set(Header.forwardedFor, caller.forwardedFor);
  return headers;
}

/**
 * One signal for a call: aborted when the timeout passes or when the caller (the page request)
 * goes away. One controller and one timer, cleared by `done()` once the body has been read:
 * cheaper than AbortSignal.timeout + AbortSignal.any on every call.
 */
interface Deadline {
  signal: AbortSignal;
  timedOut: () => boolean;
  callerAborted: () => boolean;
  done: () => void;
}
function deadline(timeoutMs: number, callerSignal: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
  }, timeoutMs);
  timer.unref?.();
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    callerAborted: () => Boolean(callerSignal?.aborted),
    done() {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onAbort);
    },
  };
}

/** What send() and readEnvelope() need of an answer (a fetch Response has it too). */
interface UpstreamResponse {
  status: number;
  ok: boolean;
  text(): Promise<string>;
}

/**
 * Page calls go through node:http with keep-alive agents rather than fetch: a page makes up to
 * five calls in parallel and fetch's per-call work (WHATWG Request/Response/Headers and streams)
 * cost about three times as much CPU (bench/pages.mjs, BFF overhead). Idle sockets are dropped
 * after 4 s, before the usual 5 s keep-alive of the upstream's server; a GET that meets a socket
 * the server has just closed is retried once on a new one. Compressed answers are decoded.
 */
const agentOptions = { keepAlive: true, timeout: 4_000, scheduling: "lifo" as const };
const httpAgent = new http.Agent(agentOptions);
const httpsAgent = new https.Agent(agentOptions);

function decode(body: Buffer, encoding: string | undefined): string {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return gunzipSync(body).toString("utf8");
    case "deflate":
      return inflateSync(body).toString("utf8");
    case "br":
      return brotliDecompressSync(body).toString("utf8");
    default:
      return body.toString("utf8");
  }
}

/** A transport failure of nodeRequest, saying whether any of the request may have reached the upstream. */
class SendError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly sent: boolean,
  ) {
    super(String(cause));
  }
}

function nodeRequest(
  url: URL,
  init: { method: string; headers: Headers; body?: string },
  signal: AbortSignal,
  retry = true,
): Promise<UpstreamResponse> {
  const secure = url.protocol === "https:";
  const headers: Record<string, string> = Object.fromEntries(init.headers);
  // Over TLS the upstream is remote: let it compress. Near (plain HTTP) it is not worth the CPU.
  if (secure && !headers["accept-encoding"]) headers["accept-encoding"] = "gzip, deflate, br";
  if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
  // A call that can be repeated without effect: a read, or a write carrying an idempotency key.
  const repeatable = init.method === "GET" || init.headers.has(Header.idempotencyKey);
  return new Promise((resolve, reject) => {
    // Once the connection is up, bytes of the request may have reached the upstream.
    let sent = false;
    const req = (secure ? https : http).request(
      url,
      { method: init.method, headers, agent: secure ? httpsAgent : httpAgent, signal },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        const body = new Promise<string>((done, fail) => {
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            try {
              done(decode(Buffer.concat(chunks), res.headers["content-encoding"]));
            } catch (error) {
              fail(error);
            }
          });
          res.on("error", fail);
          res.on("aborted", () => fail(new Error("aborted")));
        });
        body.catch(() => {}); // read or not, never an unhandled rejection
        resolve({ status, ok: status >= 200 && status < 300, text: () => body });
      },
    );
    req.on("socket", (socket) => {
      if (req.reusedSocket || !socket.connecting) sent = true;
      else
        socket.once(secure ? "secureConnect" : "connect", () => {
          sent = true;
        });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      const stale = req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
      if (retry && stale && repeatable && !signal.aborted) {
        resolve(nodeRequest(url, init, signal, false));
      } else {
        reject(new SendError(error, sent));
      }
    });
    req.end(init.body);
  });
}

/** Error codes that mean no connection was made (fetch, used for uploads, hides `sent`). */
const NOT_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function wasSent(error: unknown): boolean {
  if (error instanceof SendError) return error.sent;
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return !(code && NOT_CONNECTED.has(code));
}

/** A call within the deadline; transport failures become UpstreamError with spec codes. */
async function fetchWithTimeout(
  url: URL,
  init: { method: string; headers: Headers; body?: string | FormData },
  limit: Deadline,
  networkCode: number,
): Promise<UpstreamResponse> {
  try {
    if (typeof init.body === "string" || init.body === undefined) {
      return await nodeRequest(url, { ...init, body: init.body }, limit.signal);
    }
    // Multipart uploads keep fetch, which encodes FormData.
    return await fetch(url, { ...init, signal: limit.signal, redirect: "manual" });
  } catch (error) {
    if (limit.timedOut()) throw timedOut();
    if (limit.callerAborted()) {
      throw new UpstreamError(Code.TRANSPORT_ABORT, "Request aborted", undefined, "aborted");
    }
    const sent = wasSent(error);
    const cause = error instanceof SendError ? error.cause : error;
    const reqId = init.headers.get(Header.requestId);
    logger.warn({ reqId, err: String(cause), path: url.pathname, sent }, "upstream network error");
    if (!sent) throw new UpstreamError(networkCode, "Network error", undefined, "unreachable");
    throw noReply(networkCode);
  }
}

const timedOut = () => new UpstreamError(Code.TRANSPORT_TIMEOUT, "Request timed out", undefined, "timeout");
const noReply = (code: number) => new UpstreamError(code, "The server did not answer", undefined, "no-reply");

/** Reads the body: unscrambles a prefixed body, parses JSON, and JSON inside a JSON string. */
async function readEnvelope(response: UpstreamResponse, limit: Deadline, networkCode: number) {
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The answer began, then stopped: the upstream got the request, what it did is unknown.
    if (limit.timedOut()) throw timedOut();
    if (limit.callerAborted()) {
      throw new UpstreamError(Code.TRANSPORT_ABORT, "Request aborted", undefined, "aborted");
    }
    throw noReply(networkCode);
  }
  let parsed: unknown;
  try {
    if (isScrambledResponse(text)) text = unscrambleResponse(text);
    parsed = JSON.parse(text);
    if (typeof parsed === "string")
      parsed = JSON.parse(isScrambledResponse(parsed) ? unscrambleResponse(parsed) : parsed);
  } catch {
    return null;
  }
  const envelope = envelopeSchema.safeParse(parsed);
  return envelope.success ? envelope.data : null;
}

async function logoutRedirect(request: Request | null, message: string): Promise<never> {
  const said = message || "Please log in first";
  const headers = combineHeaders(
    request ? { "set-cookie": await createLoggedOutSession(request) } : null,
    await createToastHeaders({
      type: "error",
      message: request ? await inPlayersLanguage(request, said) : said,
    }),
  );
  throw redirect(request ? loginUrlFor(request) : LOGIN_PATH, { headers });
}

async function send(
  request: Request | null,
  path: string,
  opts: Omit<UpstreamOptions<z.ZodTypeAny>, "schema">,
): Promise<{ code: number; message: string; result: unknown; timestamp?: number }> {
  const env = getEnv();
  const caller = await callerOf(request);
  const encrypt = opts.encrypt ?? env.UPSTREAM_ENCRYPT;
  const method = opts.method ?? "GET";
  const url = urlOf(env, path);
  const headers = baseHeaders(opts.deviceId ? { ...caller, deviceId: opts.deviceId } : caller, encrypt);
  if (opts.idempotencyKey) headers.set(Header.idempotencyKey, opts.idempotencyKey);
  if (opts.language) headers.set(Header.language, opts.language);

  const query = toQueryString(opts.params ?? {});
  const payload = encrypt ? new URLSearchParams({ [ENCRYPTED_FIELD]: scramble(query) }).toString() : query;
  let body: string | undefined;
  if (method === "GET") {
    if (payload) url.search = payload;
  } else {
    headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    body = payload;
  }

  const timeoutMs = opts.timeoutMs ?? env.UPSTREAM_TIMEOUT_MS;
  const started = performance.now();
  const limit = deadline(timeoutMs, caller.signal);
  let response: UpstreamResponse;
  let envelope: Awaited<ReturnType<typeof readEnvelope>>;
  try {
    response = await fetchWithTimeout(url, { method, headers, body }, limit, Code.TRANSPORT_NETWORK);
    envelope = await readEnvelope(response, limit, Code.TRANSPORT_NETWORK);
  } finally {
    limit.done();
  }
  if (logger.isLevelEnabled("debug"))
    logger.debug(
      {
        reqId: headers.get(Header.requestId),
        path,
        method,
        status: response.status,
        code: envelope?.code,
        ms: Math.round(performance.now() - started),
      },
      "upstream",
    );
  if (!envelope) {
    if (!response.ok) {
      throw new UpstreamError(
        Code.BAD_RESPONSE,
        `The server is unavailable (HTTP ${response.status}). Please try again later.`,
        response.status,
        "bad-answer",
      );
    }
    throw new UpstreamError(
      Code.BAD_RESPONSE,
      "The server sent an unreadable answer",
      response.status,
      "bad-answer",
    );
  }
  if (endsSession(envelope.code)) return logoutRedirect(request, envelope.message);
  if (!response.ok && envelope.code === Code.OK) {
    throw new UpstreamError(
      Code.BAD_RESPONSE,
      `The server answered HTTP ${response.status}`,
      response.status,
      "bad-answer",
    );
  }
  return { ...envelope, result: envelope.result ?? null };
}

function parseResult<S extends z.ZodTypeAny>(
  schema: S,
  result: unknown,
  path: string,
  request: Request | null,
): z.infer<S> {
  const parsed = schema.safeParse(result);
  if (!parsed.success) {
    logger.error(
      { reqId: request?.headers.get(Header.requestId), path, issues: parsed.error.issues.slice(0, 3) },
      "upstream result did not match the contract",
    );
    throw new UpstreamError(
      Code.BAD_RESPONSE,
      "The server sent an unexpected answer",
      undefined,
      "bad-answer",
    );
  }
  return parsed.data;
}

/** The translation of each way of getting no answer (UpstreamError.failure). */
const NO_ANSWER_KEYS = {
  timeout: "error.upstream.timeout",
  unreachable: "error.upstream.unreachable",
  "no-reply": "error.upstream.noReply",
  "bad-answer": "error.upstream.badAnswer",
  unavailable: "error.upstream.unavailable",
  aborted: "error.upstream.aborted",
};

/**
 * A call whose failure is said in the player's language: a refusal in the upstream's English
 * through upstream-words.server.ts (a message it does not know stays as it came), a failure to get
 * an answer (timed out, no connection, lost or unreadable answer) by common error.upstream.*.
 * Without a request (a background call) the English of the error stays.
 */
async function inPlayersWords<T>(request: Request | null, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!request || !(error instanceof UpstreamError)) throw error;
    if (error.failure === "refused") {
      const message = await inPlayersLanguage(request, error.message);
      throw new UpstreamError(error.code, message, error.status, error.failure, error.detail);
    }
    const t = await i18n.getFixedT(request, "common");
    const key = error.failure === "bad-answer" && (error.status ?? 0) >= 500 ? "unavailable" : error.failure;
    throw new UpstreamError(
      error.code,
      t(NO_ANSWER_KEYS[key], { status: error.status }),
      error.status,
      error.failure,
      error.detail,
    );
  }
}

/**
 * Calls the upstream and returns the parsed `result` of a code-200 answer. A 401/50001 answer
 * throws a redirect to the login page that ends the session and flashes the message; any other
 * code throws UpstreamError(code, message).
 */
export async function upstream<S extends z.ZodTypeAny>(
  request: Request | null,
  path: string,
  opts: UpstreamOptions<S>,
): Promise<z.infer<S>> {
  return inPlayersWords(request, async () => {
    const envelope = await send(request, path, opts);
    if (envelope.code !== Code.OK)
      throw new UpstreamError(
        envelope.code,
        envelope.message || "Request failed",
        undefined,
        "refused",
        envelope.result ?? null,
      );
    return parseResult(opts.schema, envelope.result, path, request);
  });
}

/**
 * Like `upstream` but answers `{code, message, result}` whatever the code (401/50001 still end
 * the session). `result` is parsed only for code 200, otherwise null. Betting uses it.
 */
export async function upstreamEnvelope<S extends z.ZodTypeAny>(
  request: Request | null,
  path: string,
  opts: UpstreamOptions<S>,
): Promise<EnvelopeResult<z.infer<S>>> {
  return inPlayersWords(request, async () => {
    const envelope = await send(request, path, opts);
    const ok = envelope.code === Code.OK;
    const result = ok ? parseResult(opts.schema, envelope.result, path, request) : null;
    const detail = ok ? null : (envelope.result ?? null);
    // A refusal in the player's language, as `upstream` throws it (a success's message is not shown).
    const message = ok || !request ? envelope.message : await inPlayersLanguage(request, envelope.message);
    return { code: envelope.code, message, result, detail, timestamp: envelope.timestamp };
  });
}

/**
 * A POST that moves the player's money (an exchange, a stake, a withdrawal): sent with the
 * submit's idempotency key, so that a retried submit moves it once, and answered as the whole
 * envelope, so that a refusal's reason can be put in the player's words.
 */
export function postOnce<S extends z.ZodTypeAny>(
  request: Request,
  path: string,
  params: Params,
  schema: S,
  idempotencyKey: string,
) {
  return upstreamEnvelope(request, path, { method: "POST", params, schema, idempotencyKey });
}

/**
 * `file/upload`: multipart with the file in field "file"; token and language sent, encryption
 * off. Transport failures answer 602001; a non-200 code rejects with the server's text.
 */
export function uploadFile<S extends z.ZodTypeAny>(
  request: Request,
  file: Blob,
  opts: { schema: S; filename?: string; field?: string; timeoutMs?: number },
): Promise<z.infer<S>> {
  return inPlayersWords(request, () => sendFile(request, file, opts));
}

async function sendFile<S extends z.ZodTypeAny>(
  request: Request,
  file: Blob,
  opts: { schema: S; filename?: string; field?: string; timeoutMs?: number },
): Promise<z.infer<S>> {
  const env = getEnv();
  const caller = await callerOf(request);
  const headers = baseHeaders(caller, false);
  const form = new FormData();
  form.append(opts.field ?? "file", file, opts.filename ?? (file instanceof File ? file.name : "upload"));
  const timeoutMs = opts.timeoutMs ?? env.UPSTREAM_TIMEOUT_MS;
  const limit = deadline(timeoutMs, caller.signal);
  let response: UpstreamResponse;
  let envelope: Awaited<ReturnType<typeof readEnvelope>>;
  try {
    try {
      response = await fetchWithTimeout(
        urlOf(env, "file/upload"),
        { method: "POST", headers, body: form },
        limit,
        Code.TRANSPORT_UPLOAD,
      );
    } catch (error) {
      // Uploads report every transport failure but an abort as 602001 (spec section 8).
      if (error instanceof UpstreamError && error.failure === "timeout") {
        throw new UpstreamError(Code.TRANSPORT_UPLOAD, "Upload timed out", undefined, "timeout");
      }
      throw error;
    }
    envelope = await readEnvelope(response, limit, Code.TRANSPORT_UPLOAD);
  } finally {
    limit.done();
  }
  if (!envelope) {
    throw new UpstreamError(
      Code.TRANSPORT_UPLOAD,
      `Upload failed (HTTP ${response.status})`,
      response.status,
      "bad-answer",
    );
  }
  if (endsSession(envelope.code)) return logoutRedirect(request, envelope.message);
  if (envelope.code !== Code.OK) throw new UpstreamError(envelope.code, envelope.message || "Upload failed");
  return parseResult(opts.schema, envelope.result, "file/upload", request);
}

/**
 * Fire-and-forget, always encrypted POST (page-view tracking): never awaited on the page path,
 * not cut short when the page request ends (5 s of its own), any answer or failure ignored.
 */
export function sendAndForget(
  request: Request,
  path: string,
  params: (caller: { deviceId?: string }) => Params,
): void {
  void (async () => {
    const env = getEnv();
    const caller = await callerOf(request);
    const headers = baseHeaders({ ...caller, signal: undefined }, true);
    headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    const limit = deadline(5_000, undefined);
    try {
      const body = new URLSearchParams({
        [ENCRYPTED_FIELD]: scramble(toQueryString(params(caller))),
      }).toString();
      const response = await nodeRequest(urlOf(env, path), { method: "POST", headers, body }, limit.signal);
      await response.text();
    } finally {
      limit.done();
    }
  })().catch(() => {});
}

/**
 * Passes a request from a third party through to the upstream as it came, for the callbacks of
 * payment providers that can reach only the app (the embedded core listens on loopback; decision
 * 027): `body` unchanged, only the headers named in `pass` (a provider's signature), and the
 * answer's status and text back. No session, no envelope: the upstream route judges the caller.
 */
export async function forwardRaw(
  request: Request,
  path: string,
  { body, pass }: { body: string; pass: (name: string) => boolean },
): Promise<{ status: number; text: string }> {
  const env = getEnv();
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (pass(name.toLowerCase())) headers.set(name, value);
  });
  const requestId = request.headers.get(Header.requestId);
  if (requestId) headers.set(Header.requestId, requestId);
  const forwardedFor = request.headers.get(Header.forwardedFor);
  if (forwardedFor) headers.set(Header.forwardedFor, forwardedFor);
  const limit = deadline(env.UPSTREAM_TIMEOUT_MS, request.signal);
  try {
    const response = await fetchWithTimeout(
      urlOf(env, path),
      { method: "POST", headers, body },
      limit,
      Code.TRANSPORT_NETWORK,
    );
    return { status: response.status, text: await response.text() };
  } finally {
    limit.done();
  }
}
