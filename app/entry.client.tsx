import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * No i18n set-up here: on a page load the start-up script has put the page's translations in
 * window.__i18n before this module runs (decision 060); navigations bring them in the root
 * loader's data (app/utils/i18n-react.tsx).
 */
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
