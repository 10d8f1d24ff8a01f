/**
 * The withdrawal and bank-card schemas and Conform's zod parser, as actions import them. A
 * `.server` module: the browser build replaces it with an empty one, so neither zod nor the
 * schemas are in a page's start-up JavaScript because of its action (decision 036). The browser
 * loads ./withdraw-forms later (useKitForm).
 */
export { parseWithZod } from "~/utils/parse-form";
export * from "./withdraw-forms";
