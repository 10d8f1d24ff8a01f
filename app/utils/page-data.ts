/**
 * The one way a page loads its data again on its own, not asked by the player: the countdown when
 * its round ends (components/game/use-round-countdown.ts) and the connection when it returns
 * (utils/connection.ts). It imports nothing: both are in the start-up bundle.
 *
 * A page nobody sees (another tab in front, the phone's screen off) loads nothing: the load waits
 * until the page is seen again, then happens once, however many asked meanwhile. No data or
 * battery for a page nobody looks at.
 */
let wanted: (() => void) | null = null;

/** Loads the page's data by `revalidate` (the router's), now if the page is seen, else once it is. */
export function reloadPageData(revalidate: () => void): void {
  if (document.visibilityState !== "hidden") {
    revalidate();
    return;
  }
  wanted = revalidate;
  document.addEventListener("visibilitychange", whenSeen);
}

function whenSeen() {
  if (document.visibilityState === "hidden" || !wanted) return;
  document.removeEventListener("visibilitychange", whenSeen);
  const load = wanted;
  wanted = null;
  load();
}
