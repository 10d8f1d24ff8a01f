import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DetailErrorBoundary } from "~/components/DetailErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { asPageError } from "~/utils/api/errors.server";
import { getMessage, readMessage } from "~/utils/api/messages.server";
import { useTranslation } from "~/utils/i18n-react";
import { i18n } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { useFormat } from "~/utils/use-format";

export const handle = { i18n: ["common", "account"] };
export const meta = pageTitle("notice.detailTitle", "account");

const NOTICES = PAGES.notice;

/** Notice detail (?id=): opening it marks the message read, as the original did. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^\d{1,15}$/.test(id)) {
    const t = await i18n.getFixedT(request, "account");
    throw json({ message: t(id ? "notice.notFound" : "notice.noId"), missing: !id }, { status: 404 });
  }
  const message = await getMessage(request, Number(id)).catch(asPageError);
  if (!message.read) await readMessage(request, message.id).catch(() => undefined);
  return json({ message: { ...message, read: true } });
}

export default function NoticeDetailPage() {
  const { t } = useTranslation("account");
  const { dateTime } = useFormat();
  const { message } = useLoaderData<typeof loader>();
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
