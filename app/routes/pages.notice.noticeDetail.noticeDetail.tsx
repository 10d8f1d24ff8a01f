import { type ActionFunctionArgs, type LoaderFunctionArgs, json, replace } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { DetailErrorBoundary } from "~/components/DetailErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { asPageError } from "~/utils/api/errors.server";
import { getMessage, readMessage } from "~/utils/api/messages.server";
import { useTranslation } from "~/utils/i18n-react";
import { i18n } from "~/utils/i18n.server";
import { wantsJson } from "~/utils/json-mode.server";
import { pageTitle } from "~/utils/meta";
import { isPlayerNavigation } from "~/utils/navigation.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { useFormat } from "~/utils/use-format";

export const handle = { i18n: ["common", "account"] };
export const meta = pageTitle("notice.detailTitle", "account");

const NOTICES = PAGES.notice;

/** The notice's id (?id=), or a 404 that says it is missing or not a notice. */
async function idOf(request: Request): Promise<number> {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^\d{1,15}$/.test(id)) {
    const t = await i18n.getFixedT(request, "account");
    throw json({ message: t(id ? "notice.notFound" : "notice.noId"), missing: !id }, { status: 404 });
  }
  return Number(id);
}

/**
 * Notice detail (?id=). Reading it is no side effect of a GET (decision 073): the notice is marked
 * read here only when the player's browser opened the page itself (a top-level navigation, not a
 * prefetch, a prerender or an <img>); otherwise the page marks it with a POST once it shows.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const message = await getMessage(request, await idOf(request)).catch(asPageError);
  if (message.read || !isPlayerNavigation(request)) return json({ message });
  await readMessage(request, message.id).catch(() => undefined);
  return json({ message: { ...message, read: true } });
}

/**
 * POST: marks the notice read (the page does it once shown; curl may too); {ok} in JSON, else back
 * to it, replacing the history entry (the page's fetcher follows the redirect: Back still leads to
 * the list).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const id = await idOf(request);
  await readMessage(request, id).catch(asPageError);
  if (wantsJson(request)) return json({ ok: true, read: true });
  return replace(`${PAGES.noticeDetail}?id=${id}`);
}

/**
 * Marks the shown notice read with a POST, once the page is really in front of the player: a page
 * prerendered by the browser's speculation waits until it is shown (prerenderingchange).
 */
function useMarkRead(id: number, read: boolean) {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  useEffect(() => {
    if (read) return;
    const mark = () => submit(null, { method: "post", action: `${PAGES.noticeDetail}?id=${id}` });
    const doc = document as Document & { prerendering?: boolean };
    if (!doc.prerendering) {
      mark();
      return;
    }
    doc.addEventListener("prerenderingchange", mark, { once: true });
    return () => doc.removeEventListener("prerenderingchange", mark);
  }, [id, read, submit]);
}

export default function NoticeDetailPage() {
  const { t } = useTranslation("account");
  const { dateTime } = useFormat();
  const { message } = useLoaderData<typeof loader>();
  useMarkRead(message.id, message.read);
  return (
    <>
      <NavBar title={t("notice.detailTitle")} backTo={NOTICES} />
      <main className="mx-auto max-w-md p-4">
        <article className="card space-y-2">
          <h2 className="text-lg font-semibold">{message.title}</h2>
          <p className="text-xs text-gray-600 dark:text-gray-400">{dateTime(message.createTime)}</p>
          <p className="whitespace-pre-wrap break-words leading-relaxed">{message.content}</p>
        </article>
      </main>
    </>
  );
}

/** Without an id, or with one that is not the player's notice: say so, and lead back to the list. */
export function ErrorBoundary() {
  const { t } = useTranslation("account");
  return (
    <DetailErrorBoundary
      title={t("notice.detailTitle")}
      back={{ to: NOTICES, label: t("notice.backToList") }}
      noId={{ title: t("notice.noIdTitle"), message: t("notice.noId") }}
      notFound={{ title: t("notice.notFoundTitle"), message: t("notice.notFound") }}
    />
  );
}
