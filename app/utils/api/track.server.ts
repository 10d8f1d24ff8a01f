import { sendAndForget } from "./client.server";

const TRACK_PATH = "/app/track/pageView";

/**
 * Fire-and-forget page-view tracking (device id, path, time), always encrypted. Never awaited on
 * the page path; an upstream without the endpoint, or any failure, is ignored silently.
 */
export function trackPageView(request: Request, pathname: string): void {
  sendAndForget(request, TRACK_PATH, ({ deviceId }) => ({ deviceId, path: pathname, time: Date.now() }));
}
