import { type ActionFunctionArgs, json } from "@remix-run/node";
import { logout as upstreamLogout } from "./api/auth.server";
import { serverT } from "./forms.server";
import { wantsJson } from "./json-mode.server";
import { LOGIN_PATH, createLoggedOutSession, getSession } from "./session.server";
import { combineHeaders, createToastHeaders, redirectWithToast } from "./toast.server";

/**
 * Logout: tells the upstream (failures ignored: the session ends here anyway), drops the token,
 * and goes back to the login page with "Logged Out Successfully!".
 */
export async function logoutAction({ request }: Pick<ActionFunctionArgs, "request">) {
  const session = await getSession(request);
  if (session.get("token")) {
    try {
      await upstreamLogout(request);
    } catch {
      // The token may already be invalid; the local session ends regardless.
    }
  }
  const t = await serverT(request);
  const message = t("toast.loggedOut");
  const cookie = await createLoggedOutSession(request);
  if (wantsJson(request)) {
    return json(
      { ok: true, message, redirect: LOGIN_PATH },
      {
        headers: combineHeaders(
          { "set-cookie": cookie },
          await createToastHeaders({ type: "success", message }),
        ),
      },
    );
  }
  return redirectWithToast(LOGIN_PATH, { type: "success", message }, { headers: { "set-cookie": cookie } });
}
