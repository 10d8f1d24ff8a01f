/**
 * The form schemas and Conform's zod parser, as actions import them. A `.server` module: the
 * browser build replaces it with an empty module, so neither zod nor the schemas are in a page's
 * start-up JavaScript because of its action (a route's plain import of them would stay in the
 * browser bundle: their top-level zod calls count as side effects, so esbuild keeps the module
 * even once the action is dropped). The browser loads the schemas later (useKitForm in
 * components/forms.tsx).
 */
export { parseWithZod } from "~/utils/parse-form";
export * from "./forms";
