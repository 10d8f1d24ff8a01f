import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { PAGES } from "~/utils/paths";
import { savePreference } from "~/utils/preference-action.server";
import { isTheme } from "~/utils/session.server";

/** POST /resources/theme: theme=light|dark stores the theme in the session; anything else is refused. */
export const action = ({ request }: ActionFunctionArgs) =>
  savePreference(request, "theme", isTheme, "Unsupported theme");

export const loader = () => redirect(PAGES.account);
