import { createCookieSessionStorage, json, redirect } from "@remix-run/node";
import { z } from "zod";
import { getEnv, sessionSecrets } from "./env.server";
import { wantsJson } from "./json-mode.server";

/** One-shot messages carried across a redirect in their own flash cookie (epic-stack style). */
const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string(),
});
type Toast = z.infer<typeof toastSchema>;
type ToastInput = z.input<typeof toastSchema>;

const TOAST_KEY = "toast";

function toastStorage() {
  const env = getEnv();
  return createCookieSessionStorage({
    cookie: {
      name: "__toast",
      httpOnly: true,
      secure: env.NODE_ENV === "production",
      sameSite: "lax",
      path: "/",
      secrets: sessionSecrets(env),
    },
  });
}

export async function createToastHeaders(toast: ToastInput): Promise<Headers> {
  const storage = toastStorage();
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toastSchema.parse(toast));
  return new Headers({ "set-cookie": await storage.commitSession(session) });
}

export function combineHeaders(...all: Array<HeadersInit | null | undefined>): Headers {
  const out = new Headers();
  for (const headers of all) {
    if (!headers) continue;
    for (const [name, value] of new Headers(headers).entries()) out.append(name, value);
  }
  return out;
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  return redirect(url, { ...init, headers: combineHeaders(init?.headers, await createToastHeaders(toast)) });
}

/** The pending toast (if any) and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const storage = toastStorage();
  const session = await storage.getSession(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  const toast = parsed.success ? parsed.data : null;
  return {
    toast,
    headers: toast ? new Headers({ "set-cookie": await storage.destroySession(session) }) : null,
  };
}

/**
 * How an action ends: a redirect with a toast for browsers, or JSON
 * `{ok, message, redirect, ...extra}` for curl and other JSON clients, `ok` false for an error
 * toast (with `init`'s status when given), so that JSON never calls a refusal a success.
 */
export async function finish(
  request: Request,
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
  extra?: Record<string, unknown>,
) {
  if (wantsJson(request)) {
    return json(
      { ok: toast.type !== "error", message: toast.message, redirect: url, ...extra },
      { status: init?.status, headers: init?.headers },
    );
  }
  return redirectWithToast(url, toast, init);
}

/**
 * How a refused one-button action ends (a task's gift, a rebate claim, a blogger's follow or
 * copy): the error toast back on `url` for browsers, `{ok: false, message}` with `status` for JSON
 * clients.
 */
export async function refuseWithToast(request: Request, url: string, message: string, status: number) {
  if (wantsJson(request)) return json({ ok: false, message }, { status });
  return redirectWithToast(url, { type: "error", message });
}
