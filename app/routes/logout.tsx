import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { logoutAction } from "~/utils/auth-actions.server";
import { PAGES } from "~/utils/paths";

/** POST /logout (resource route). GET only sends the visitor to the account page. */
export const loader = () => redirect(PAGES.account);
export const action = (args: ActionFunctionArgs) => logoutAction(args);
