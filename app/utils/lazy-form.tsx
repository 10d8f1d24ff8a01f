import { type ComponentType, Suspense } from "react";
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
 * appears once its code is there (usually with the loader data, which is fetched in parallel).
 */
export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazyComponent(load);
  if (typeof document !== "undefined") void Lazy.preload().catch(() => {});
  function LazyForm(props: P) {
    return (
      <Suspense fallback={null}>
        {/* biome-ignore lint/suspicious/noExplicitAny: React.lazy's props type does not narrow a generic P. */}
        <Lazy {...(props as any)} />
      </Suspense>
    );
  }
  return Object.assign(LazyForm, { preload: Lazy.preload });
}
