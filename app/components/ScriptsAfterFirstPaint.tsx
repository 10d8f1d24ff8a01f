import { Scripts, UNSAFE_RemixContext } from "@remix-run/react";
import { useContext } from "react";
import { useStartScript } from "~/utils/nonce-provider";

/**
 * Remix's <Scripts> (the loader data, the modulepreloads and the module script that hydrates),
 * started only once the page has painted, in short tasks (decision 018).
 *
 * The server renders them inside an inert <template>: the browser neither fetches nor runs them
 * while it paints the HTML and its stylesheet, so on a slow link these two have the bandwidth to
 * themselves and the first paint never waits for the JavaScript (about 100 KB on the game page).
 * At the first contentful paint a small inline script (START_SCRIPTS, start-scripts.server.ts):
 *   1. puts the modulepreload links into the page: every module is fetched at once;
 *   2. evaluates the modules one per task (dynamic import), all but the entry module, which
 *      hydrates: one long task of the whole module graph becomes several short ones;
 *   3. moves the rest (the loader data and Remix's module script) into the body, where they
 *      hydrate the page exactly as <Scripts> would have.
 * On a page load the page's translations are not in the loader data but at an address
 * (`data-i18n`, decision 060): they are fetched at the same time as the modules (the browser keeps
 * them), put in window.__i18n, and only then does the page hydrate. If they cannot be had (after
 * one retry), the page is left as the server drew it, which works as it does without JavaScript.
 * A hidden tab paints nothing: it starts at once. In the browser the template is rendered empty
 * (React does not hydrate inside it); the moved scripts sit after React's last node in <body>,
 * which hydration leaves alone. The script itself is in start-scripts.server.ts: only the server
 * has its text (useStartScript), so the browser's JavaScript does not carry it.
 */
export const SCRIPTS_TEMPLATE_ID = "remix-scripts";

export function ScriptsAfterFirstPaint({
  nonce,
  translations,
}: { nonce: string; translations?: string | null }) {
  const remix = useContext(UNSAFE_RemixContext);
  const startScript = useStartScript();
  if (typeof document !== "undefined") {
    // The browser: the same elements, empty; React leaves their content alone.
    return (
      <>
        <template
          id={SCRIPTS_TEMPLATE_ID}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; keeps React out of the template.
          dangerouslySetInnerHTML={{ __html: "" }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; it ran before hydration.
          dangerouslySetInnerHTML={{ __html: "" }}
        />
      </>
    );
  }
  return (
    <>
      <template
        id={SCRIPTS_TEMPLATE_ID}
        data-entry={remix?.manifest.entry.module}
        data-i18n={translations ?? undefined}
      >
        <Scripts nonce={nonce} />
      </template>
      <script
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script (startScripts).
        dangerouslySetInnerHTML={{ __html: startScript }}
      />
    </>
  );
}
