import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { readForm } from "~/utils/forms.server";
import { isLang } from "~/utils/i18n";
import { wantsJson } from "~/utils/json-mode.server";
import { PAGES } from "~/utils/paths";
import { safeRedirect } from "~/utils/safe-redirect";
import { commitSession, getSession } from "~/utils/session.server";

/** POST /resources/lang: lang=<one of the six> stores the language in the session. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lang = form.get("lang");
  if (!isLang(lang)) return json({ ok: false, message: "Unsupported language" }, { status: 400 });
  const session = await getSession(request);
  session.set("lang", lang);
  const headers = { "set-cookie": await commitSession(session) };
  if (wantsJson(request)) return json({ ok: true, lang }, { headers });
  return redirect(safeRedirect(form.get("redirectTo"), PAGES.account), { headers });
}

export const loader = () => redirect(PAGES.account);
