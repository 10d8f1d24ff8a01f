/**
 * What the page does while the phone has no connection (root.tsx starts it on hydration; it
 * imports nothing, so it adds little to the start-up JavaScript).
 *
 * Offline, a form sent or a page link tapped would fail inside the router and replace the page
 * with its error block, dropping what the player typed. They are held back (a listener in the
 * capture phase on window, before the router sees them) and a bar at the top, a live region,
 * says so, the page and its fields staying as they are; it says the phone is offline until it is
 * back. When the connection returns, `reload` loads the page's data again: countdowns and rounds
 * catch up, an error block clears; a page nobody sees waits until it is seen (utils/page-data.ts).
 * `t` gives the words (common connection.*).
 */
export function watchConnection(t: (key: string) => string, reload: () => void): () => void {
  // After React's last node in <body>: hydration and re-renders leave it alone.
  const region = document.createElement("output");
  region.className = "pointer-events-none fixed inset-x-0 top-0 z-toast flex justify-center px-3 pt-2";
  const bar = document.createElement("p");
  bar.dataset.testid = "offline";
  bar.className =
    "max-w-sm rounded-lg bg-gray-900 px-4 py-2 text-center text-sm font-medium text-white shadow-lg dark:bg-gray-100 dark:text-gray-900";
  region.append(bar);
  document.body.append(region);
  const say = (key: "offline" | "held" | null) => {
    bar.textContent = key ? t(`connection.${key}`) : "";
    bar.hidden = !key;
  };
  say(null);
  const onOffline = () => say("offline");
  const onOnline = () => {
    say(null);
    reload();
  };
  const hold = (event: Event) => {
    if (navigator.onLine) return;
    if (event.type === "click" && !isPageLink(event as MouseEvent)) return;
    event.preventDefault();
    event.stopPropagation();
    say("held");
  };
  if (!navigator.onLine) onOffline();
  window.addEventListener("offline", onOffline);
  window.addEventListener("online", onOnline);
  window.addEventListener("submit", hold, true);
  window.addEventListener("click", hold, true);
  return () => {
    region.remove();
    window.removeEventListener("offline", onOffline);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("submit", hold, true);
    window.removeEventListener("click", hold, true);
  };
}

/** A click that would make the router load another page of this app (not a new tab, a download, a hash). */
function isPageLink(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!link || link.hasAttribute("download") || (link.target && link.target !== "_self")) return false;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}
