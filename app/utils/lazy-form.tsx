import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import type { ComponentType } from "react";
import { lazyComponent } from "./lazy";

/**
 * A form loaded after first paint, with the form kit and Conform it is built with (about 12 KB
 * gzip that a page would otherwise load at start). The page imports the form's module with
 * `import()` only:
 *
 *   const LoginForm = lazyForm(() => import("./login-form").then((m) => m.LoginForm));
 *   …<LoginForm />
 *
 * The server renders the form in full (lazyComponent), so it shows at first paint and posts
 * without JavaScript. In the browser the form's code starts loading as soon as the page's module
 * runs, alongside hydration; until it has arrived React keeps the server's HTML of the form
 * (a dehydrated Suspense boundary) and then hydrates it. After a client-side navigation the form
 * waits for its code as well as for the loader's data when the route exports
 * `clientLoader = withForms(TheForm)`, so that it never shows a page without its form.
 */
export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>) {
  const LazyForm = lazyComponent(load);
  if (typeof document !== "undefined") void LazyForm.preload().catch(() => {});
  return LazyForm;
}

/**
 * A route's `clientLoader` that also waits for its lazy forms' code: a client-side navigation then
 * shows the page with its form at once (the code loads in parallel with the loader's data),
 * instead of the page without it for as long as the form's code takes. Only client-side
 * navigations run it; the first load hydrates with the server's data.
 *   export const clientLoader = withForms(LoginForm, RegisterForm, ForgotForm);
 */
export function withForms(...forms: Array<{ preload: () => Promise<unknown> }>) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    // A form that fails to load is retried when rendered; the page's data must not wait on it.
    const [data] = await Promise.all([
      serverLoader(),
      ...forms.map((form) => form.preload().catch(() => {})),
    ]);
    return data;
  };
}
