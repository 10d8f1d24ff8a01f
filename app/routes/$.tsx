import { json } from "@remix-run/node";
import { pageTitle } from "~/utils/meta";

export const handle = { i18n: ["common"] };
export const meta = pageTitle("error.notFoundTitle");

/** Any unknown path: a real 404 page (status 404) through the shared boundary. */
export function loader() {
  throw json({ message: "Not found" }, { status: 404 });
}
export function action() {
  throw json({ message: "Not found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
