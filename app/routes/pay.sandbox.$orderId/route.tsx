import {
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  json,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/form-parts";
import { asPageError } from "~/utils/api/errors.server";
import { decideSandboxOrder, getSandboxOrder } from "~/utils/api/wallet/recharge.server";
import { formatsFor } from "~/utils/format.server";
import { isUpstreamError, readForm } from "~/utils/forms.server";
import { useTranslation } from "~/utils/i18n-react";
import { i18n } from "~/utils/i18n.server";
import { wantsJson } from "~/utils/json-mode.server";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { finish } from "~/utils/toast.server";
import { useFormat } from "~/utils/use-format";
import { Code } from "#contract/codes";

/**
 * The sandbox payment provider's hosted pay page (decision 027). A real provider shows its own
 * page on its own site; the sandbox's is served by the app, which the browser can reach, and reads
 * and decides the order through the core. Its address carries the order's secret token (?t=), so
 * it needs no sign-in, as a provider's page would not. Pay makes the sandbox send its signed
 * callback to the core; then the player returns to the recharge records with a toast.
 */
export const handle = { i18n: ["common", "recharge"] };
export const meta = pageTitle("pay.title", "recharge");

/** The order and its token from the address; an address without them is no pay page (404), as a wrong one is. */
function keyOf(request: Request, orderId: string | undefined) {
  const key = { id: orderId?.trim() ?? "", t: new URL(request.url).searchParams.get("t")?.trim() ?? "" };
  if (!key.id || !key.t) throw new Response("Not Found", { status: 404 });
  return key;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id, t } = keyOf(request, params.orderId);
  const order = await getSandboxOrder(request, id, t).catch(asPageError);
  // Never stored (app/entry.server.tsx). The address's token leaves for no other site: the app's
  // Referrer-Policy sends other sites the origin only. "no-referrer" would also make the browser
  // send "Origin: null" with the Pay form, which the CSRF check refuses.
  return json({ order, t });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { id, t } = keyOf(request, params.orderId);
  const form = await readForm(request);
  const intent = form.get("intent") === "pay" ? "pay" : "cancel";
  const tr = await i18n.getFixedT(request, ["recharge", "common"]);
  try {
    const order = await decideSandboxOrder(request, id, t, intent);
    const { money } = await formatsFor(request);
    const paid = order.status === "SUCCESS";
    return finish(
      request,
      PAGES.rechargeRecords,
      {
        type: paid ? "success" : "info",
        message: paid ? tr("pay.paid", { amount: money(order.amount) }) : tr("pay.cancelled"),
      },
      undefined,
      { order },
    );
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // Already paid, cancelled or expired: the core says so with the order (its status).
    const status = (error.detail as { status?: unknown } | null)?.status;
    const message =
      error.code === Code.CONFLICT && typeof status === "string"
        ? tr("pay.closed", { status: tr(`status.${status}`, { defaultValue: status }) })
        : error.message;
    if (wantsJson(request)) return json({ ok: false, message }, { status: 409 });
    return finish(request, `/pay/sandbox/${encodeURIComponent(id)}?t=${encodeURIComponent(t)}`, {
      type: "error",
      message,
    });
  }
}

export default function SandboxPayPage() {
  const { order } = useLoaderData<typeof loader>();
  const { t } = useTranslation("recharge");
  const { money, dateTime } = useFormat();
  const open = order.status === "PENDING";
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col gap-3 p-3">
      <header className="flex items-center gap-2 pt-2 text-gray-800 dark:text-gray-200">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6 text-emerald-600"
          fill="none"
          stroke="currentColor"
        >
          <path
            strokeWidth="2"
            strokeLinejoin="round"
            d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3z"
          />
          <path strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M9 12l2 2 4-4" />
        </svg>
        <h1 className="text-lg font-semibold">{t("pay.title")}</h1>
      </header>
      <p className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
        {t("pay.sandbox")}
      </p>
      <section className="card space-y-4">
        <div className="text-center">
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("pay.merchant")}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="pay-amount">
            {money(order.amount)}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-gray-600 dark:text-gray-400">{t("pay.channel")}</dt>
          <dd className="text-right font-medium">{order.showName}</dd>
          <dt className="text-gray-600 dark:text-gray-400">{t("pay.order")}</dt>
          <dd className="break-all text-right font-mono">{order.id}</dd>
        </dl>
        {open ? (
          <>
            <p className="text-center text-xs text-gray-600 dark:text-gray-400">
              {t("pay.expires", { time: dateTime(order.expiresAt) })}
            </p>
            <Form method="post" className="space-y-2">
              <SubmitButton
                intent="pay"
                className="btn w-full bg-emerald-700 text-white hover:bg-emerald-800"
              >
                {t("pay.pay", { amount: money(order.amount) })}
              </SubmitButton>
              <SubmitButton intent="cancel" className="btn-secondary w-full">
                {t("pay.cancel")}
              </SubmitButton>
            </Form>
          </>
        ) : (
          <>
            <p className="text-center font-medium">
              {t("pay.closed", { status: t(`status.${order.status}`) })}
            </p>
            <Link to={PAGES.rechargeRecords} className="btn-primary w-full">
              {t("pay.back")}
            </Link>
          </>
        )}
      </section>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
