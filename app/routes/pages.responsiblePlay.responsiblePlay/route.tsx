import { useLoaderData } from "@remix-run/react";
import { NavBar } from "~/components/NavBar";
import { TitledCard } from "~/components/TitledCard";
import { useTranslation } from "~/utils/i18n-react";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import type { LimitKind, PlayerLimit } from "#contract/limits";
import { action, loader } from "./protection-page.server";

// The forms, with the form kit and Conform, load after first paint; the server renders them.
const forms = () => import("./protection-forms");
const LimitForm = lazyForm(() => forms().then((m) => m.LimitForm));
const PendingForm = lazyForm(() => forms().then((m) => m.PendingForm));
const ReminderForm = lazyForm(() => forms().then((m) => m.ReminderForm));
const BlockForm = lazyForm(() => forms().then((m) => m.BlockForm));
export const clientLoader = withForms(LimitForm, PendingForm, ReminderForm, BlockForm);

export const handle = { i18n: ["common", "limits"] };
export const meta = pageTitle("title", "limits");

export { action, loader };

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ResponsiblePlayPage() {
  const { status, statement } = useLoaderData<typeof loader>();
  const { t } = useTranslation("limits");
  const { dateTime } = useFormat();
  return (
    <>
      <NavBar title={t("title")} backTo={PAGES.account} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("intro")}</p>
        {status.previousSignIn ? (
          <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="previous-sign-in">
            {t("previousSignIn", { at: dateTime(status.previousSignIn) })}
          </p>
        ) : null}
        {status.block ? (
          <section
            className="card border-l-4 border-red-600 text-sm"
            data-testid="block-banner"
            aria-labelledby="block-title"
          >
            <h2 id="block-title" className="font-semibold text-red-800 dark:text-red-300">
              {t(`block.active.${status.block.kind}`, { until: dateTime(status.block.until) })}
            </h2>
            <p className="mt-1 text-gray-700 dark:text-gray-300">{t("block.activeNote")}</p>
          </section>
        ) : null}
        <LimitSection kind="LOSS" status={status} />
        <LimitSection kind="DEPOSIT" status={status} />
        <TitledCard id="reminder-title" title={t("reminder.title")} className="space-y-3">
          <p className="text-sm text-gray-700 dark:text-gray-300">{t("reminder.note")}</p>
          <ReminderForm minutes={status.reminderMinutes} />
        </TitledCard>
        <StatementSection statement={statement} />
        {status.block ? null : (
          <TitledCard id="break-title" title={t("block.title")} className="space-y-4">
            <p className="text-sm text-gray-700 dark:text-gray-300">{t("block.note")}</p>
            <div className="space-y-2">
              <h3 className="text-sm font-semibold">{t("block.timeout")}</h3>
              <BlockForm kind="TIMEOUT" />
            </div>
            <div className="space-y-2 border-t border-gray-200 pt-4 dark:border-gray-700">
              <h3 className="text-sm font-semibold">{t("block.exclusion")}</h3>
              <p className="text-xs text-gray-600 dark:text-gray-400">{t("block.exclusionNote")}</p>
              <BlockForm kind="EXCLUSION" />
            </div>
          </TitledCard>
        )}
        <TitledCard id="help-title" title={t("help.title")} className="space-y-2 text-sm">
          <p className="text-gray-700 dark:text-gray-300">{t("help.age")}</p>
          <a
            href={status.helpUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-[44px] items-center font-semibold text-brand-dark underline dark:text-pink-300"
          >
            {t("help.link")}
          </a>
        </TitledCard>
      </main>
    </>
  );
}

function LimitSection({ kind, status }: { kind: LimitKind; status: Data["status"] }) {
  const { t } = useTranslation("limits");
  const rows = status.limits.filter((l) => l.kind === kind);
  const id = `limits-${kind}`;
  return (
    <TitledCard id={id} title={t(`kind.${kind}`)} className="space-y-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t(`kindNote.${kind}`, { hours: status.coolingHours })}
      </p>
      <ul className="divide-y divide-gray-100 dark:divide-gray-800" data-testid={`limits-${kind}`}>
        {rows.map((l) => (
          <LimitRow key={l.period} limit={l} />
        ))}
      </ul>
      {status.block ? null : <LimitForm kind={kind} limits={rows} />}
    </TitledCard>
  );
}

function LimitRow({ limit }: { limit: PlayerLimit }) {
  const { t } = useTranslation("limits");
  const { money, dateTime } = useFormat();
  return (
    <li className="py-2 text-sm" data-testid={`limit-${limit.kind}-${limit.period}`}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{t(`period.${limit.period}`)}</span>
        <span className="font-semibold tabular-nums">
          {limit.amount === null ? t("none") : money(limit.amount)}
        </span>
      </div>
      {limit.amount !== null ? (
        <p className="text-xs text-gray-600 dark:text-gray-400">
          {t("used", { used: money(limit.used), resets: dateTime(limit.resetsAt) })}
        </p>
      ) : null}
      {limit.pending ? (
        <div className="mt-1 rounded-lg bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          <p data-testid="pending">
            {limit.pending.amount === null
              ? t(limit.pending.confirmable ? "pending.removeReady" : "pending.remove", {
                  at: dateTime(limit.pending.effectiveAt),
                })
              : t(limit.pending.confirmable ? "pending.raiseReady" : "pending.raise", {
                  amount: money(limit.pending.amount),
                  at: dateTime(limit.pending.effectiveAt),
                })}
          </p>
          <PendingForm kind={limit.kind} period={limit.period} confirmable={limit.pending.confirmable} />
        </div>
      ) : null}
    </li>
  );
}

function StatementSection({ statement }: { statement: Data["statement"] }) {
  const { t } = useTranslation("limits");
  const { money } = useFormat();
  const rows: Array<[string, number]> = [
    ["deposits", statement.deposits],
    ["withdrawals", statement.withdrawals],
    ["stakes", statement.stakes],
    ["winnings", statement.winnings],
    ["net", statement.net],
  ];
  return (
    <TitledCard id="statement-title" title={t("statement.title")} className="space-y-3">
      {/* A reading, not a change: a plain GET form (works without JavaScript). */}
      <form method="get" action={PAGES.responsiblePlay} className="grid grid-cols-2 gap-2">
        <label className="text-sm">
          <span className="block font-medium">{t("statement.from")}</span>
          <input type="date" name="from" defaultValue={statement.from} className="input w-full" />
        </label>
        <label className="text-sm">
          <span className="block font-medium">{t("statement.to")}</span>
          <input type="date" name="to" defaultValue={statement.to} className="input w-full" />
        </label>
        <button type="submit" className="btn-secondary col-span-2">
          {t("statement.show")}
        </button>
      </form>
      <dl className="divide-y divide-gray-100 text-sm dark:divide-gray-800" data-testid="statement">
        {rows.map(([key, value]) => (
          <div key={key} className="flex justify-between py-1.5">
            <dt>{t(`statement.${key}`)}</dt>
            <dd className={`tabular-nums ${key === "net" ? "font-semibold" : ""}`}>{money(value)}</dd>
          </div>
        ))}
      </dl>
    </TitledCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
