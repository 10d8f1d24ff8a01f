import { Scripts, UNSAFE_RemixContext } from "@remix-run/react";
import { useContext } from "react";

/**
 * Remix's <Scripts> (the loader data, the modulepreloads and the module script that hydrates),
 * started only once the page has painted, in short tasks (decision 018).
 *
 * The server renders them inside an inert <template>: the browser neither fetches nor runs them
 * while it paints the HTML and its stylesheet, so on a slow link these two have the bandwidth to
 * themselves and the first paint never waits for the JavaScript (about 100 KB on the game page).
 * At the first contentful paint a small inline script (START_SCRIPTS):
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
 * which hydration leaves alone.
 */
const SCRIPTS_TEMPLATE_ID = "remix-scripts";

/** The inline script, as readable source; `minify` makes the shipped copy. */
function startScripts(id: string) {
  const d = document;
  let started = false;
  const nextTask = (fn: () => void) => setTimeout(fn, 0);
  function start() {
    if (started) return;
    started = true;
    const template = d.getElementById(id) as HTMLTemplateElement | null;
    if (!template) return;
    const entry = template.getAttribute("data-entry");
    const i18n = template.getAttribute("data-i18n");
    const fetchJson = (url: string) =>
      fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))));
    const translations = i18n
      ? fetchJson(i18n)
          .catch(() => fetchJson(`${i18n}?again`))
          .then((data) => {
            (window as unknown as { __i18n: unknown }).__i18n = data;
          })
      : Promise.resolve();
    const rest = d.importNode(template.content, true);
    const hrefs: string[] = [];
    for (const link of Array.from(rest.querySelectorAll("link[rel=modulepreload]"))) {
      const href = link.getAttribute("href");
      if (href && href !== entry) hrefs.push(href);
      d.head.appendChild(link);
    }
    const evaluate = (i: number) => {
      if (i >= hrefs.length)
        return void translations.then(
          () => nextTask(() => d.body.appendChild(rest)),
          () => {}, // no translations: the page stays as drawn (it works without JavaScript)
        );
      const next = () => nextTask(() => evaluate(i + 1));
      import(hrefs[i]).then(next, next);
    };
    nextTask(() => evaluate(0));
  }
  const P = window.PerformanceObserver;
  const fcp = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (d.visibilityState === "hidden" || !P || !(P.supportedEntryTypes || []).includes("paint") || fcp()) {
    nextTask(start);
    return;
  }
  new P((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length) {
      observer.disconnect();
      start();
    }
  }).observe({ type: "paint", buffered: true });
  // A page that paints no text: start shortly after its first frame.
  requestAnimationFrame(() => setTimeout(start, 300));
}

const START_SCRIPTS = `(${startScripts.toString()})(${JSON.stringify(SCRIPTS_TEMPLATE_ID)});`;

export function ScriptsAfterFirstPaint({
  nonce,
  translations,
}: { nonce: string; translations?: string | null }) {
  const remix = useContext(UNSAFE_RemixContext);
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
        dangerouslySetInnerHTML={{ __html: START_SCRIPTS }}
      />
    </>
  );
}
