import { type ActionFunctionArgs, json, redirect } from "@remix-run/node";
import { wantsJson } from "~/utils/json-mode.server";
import { commitSession, getSession, safeRedirect } from "~/utils/session.server";

/** POST /resources/theme: theme=light|dark (default light; anything else than light is dark). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const theme = form.get("theme") === "dark" ? "dark" : "light";
  const session = await getSession(request);
  session.set("theme", theme);
  const headers = { "set-cookie": await commitSession(session) };
  if (wantsJson(request)) return json({ ok: true, theme }, { headers });
  return redirect(safeRedirect(form.get("redirectTo"), "/pages/account/account"), { headers });
}

export const loader = () => redirect("/pages/account/account");
