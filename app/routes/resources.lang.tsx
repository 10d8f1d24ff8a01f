import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { isLang } from "~/utils/i18n";
import { PAGES } from "~/utils/paths";
import { savePreference } from "~/utils/preference-action.server";

/** POST /resources/lang: lang=<one of the six> stores the language in the session. */
export const action = ({ request }: ActionFunctionArgs) =>
  savePreference(request, "lang", isLang, "Unsupported language");

export const loader = () => redirect(PAGES.account);
