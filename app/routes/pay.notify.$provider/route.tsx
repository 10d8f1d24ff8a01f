import type { ActionFunctionArgs } from "@remix-run/node";
import { forwardProviderCallback } from "~/utils/api/wallet/recharge.server";
import { isUpstreamError } from "~/utils/forms.server";

/**
 * POST /pay/notify/<provider>: where a payment provider sends its callbacks when only the app is
 * reachable (the embedded core listens on loopback; decision 027). The raw body and the
 * provider's signature headers go to the core unchanged, which verifies them; its answer
 * ("success" or "refused", and the status) comes back as it is.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const provider = params.provider ?? "";
  if (!/^[a-z0-9_-]{1,40}$/.test(provider)) return text("refused", 404);
  try {
    const answer = await forwardProviderCallback(request, provider, await request.text());
    return text(answer.text.slice(0, 200), answer.status);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // Not reached: the provider retries later.
    return text("unavailable", 503);
  }
}

export const loader = () => text("Method Not Allowed", 405);

function text(body: string, status: number) {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
