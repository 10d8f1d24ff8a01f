import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * No i18n set-up here: the root loader's data carries the page language's translations
 * (app/utils/i18n-react.tsx), so the browser hydrates at once, without fetching them first.
 */
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
