import { SCRIPTS_TEMPLATE_ID } from "./ScriptsAfterFirstPaint";

/**
 * The inline start-up script of components/ScriptsAfterFirstPaint.tsx (decision 018), in a server
 * module: the server hands its text to the page (utils/nonce-provider.ts, StartScriptProvider),
 * so its source is not in the browser's JavaScript, which would only carry it unused.
 */
/** The inline script, as readable source; its text is what the page runs. */
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

export const START_SCRIPTS = `(${startScripts.toString()})(${JSON.stringify(SCRIPTS_TEMPLATE_ID)});`;
