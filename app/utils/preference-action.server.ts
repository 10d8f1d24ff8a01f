import { json, redirect } from "@remix-run/node";
import { readForm } from "./forms.server";
import { wantsJson } from "./json-mode.server";
import { PAGES } from "./paths";
import { safeRedirect } from "./safe-redirect";
import { type SessionData, commitSession, getSession } from "./session.server";

type Preference = "lang" | "theme";

/**
 * The action of a preference's resource route: the form's `name` field, when `isValid` accepts
 * it, is stored in the session; then `{ok, <name>}` in JSON mode, else back to the form's
 * redirectTo (the account page by default). Anything else is refused with `refusal` (400).
 */
export async function savePreference<K extends Preference>(
  request: Request,
  name: K,
  isValid: (value: unknown) => value is NonNullable<SessionData[K]>,
  refusal: string,
) {
  const form = await readForm(request);
  const value = form.get(name);
  if (!isValid(value)) return json({ ok: false, message: refusal }, { status: 400 });
  const session = await getSession(request);
  session.set(name, value);
  const headers = { "set-cookie": await commitSession(session) };
  if (wantsJson(request)) return json({ ok: true, [name]: value }, { headers });
  return redirect(safeRedirect(form.get("redirectTo"), PAGES.account), { headers });
}
