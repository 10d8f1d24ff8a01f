import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { readForm } from "~/utils/forms.server";
import { wantsJson } from "~/utils/json-mode.server";
import { PAGES } from "~/utils/paths";
import { safeRedirect } from "~/utils/safe-redirect";
import { commitSession, getSession, isTheme } from "~/utils/session.server";

/** POST /resources/theme: theme=light|dark stores the theme in the session; anything else is refused. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const theme = form.get("theme");
  if (!isTheme(theme)) return json({ ok: false, message: "Unsupported theme" }, { status: 400 });
  const session = await getSession(request);
  session.set("theme", theme);
  const headers = { "set-cookie": await commitSession(session) };
  if (wantsJson(request)) return json({ ok: true, theme }, { headers });
  return redirect(safeRedirect(form.get("redirectTo"), PAGES.account), { headers });
}

export const loader = () => redirect(PAGES.account);
