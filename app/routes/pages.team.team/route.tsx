import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { TabBar } from "~/components/TabBar";
import { TitledCard } from "~/components/TitledCard";
import { showToast } from "~/components/Toasts";
import { SubmitButton } from "~/components/form-parts";
import { copyText } from "~/utils/clipboard";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { useHydrated } from "~/utils/use-hydrated";
import type { RechargeTask, TeamInfo, TeamMember } from "#contract/team";
import { action, loader } from "./team-page.server";

export const handle = { i18n: ["common", "team"] };
export const meta = pageTitle("team.title", "team");

export { action, loader };

export default function TeamPage() {
  const { t } = useTranslation("team");
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <NavBar title={t("team.title")} />
      <main className="mx-auto max-w-md space-y-4 p-4 pb-24">
        <InviteCard info={data.info} link={data.inviteLink} qrSvg={data.qrSvg} />
        <RewardsCard info={data.info} />
        <FiguresCard info={data.info} />
        {data.tasks.length ? <TasksCard tasks={data.tasks} /> : null}
        <MembersSection
          info={data.info}
          level={data.level}
          members={data.members}
          page={data.page}
          pages={data.pages}
        />
      </main>
      <TabBar active="team" />
    </>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation("team");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn-secondary min-h-[44px] max-w-[50%] flex-none px-3 text-sm"
      onClick={async () => {
        const copied = await copyText(text);
        showToast(copied ? t("invite.copied") : t("invite.copyFailed"), copied ? "success" : "error");
      }}
    >
      {label}
    </button>
  );
}

function InviteCard({ info, link, qrSvg }: { info: TeamInfo; link: string; qrSvg: string }) {
  const { t } = useTranslation("team");
  return (
    <TitledCard id="invite-title" title={t("invite.title")} className="space-y-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">{t("invite.intro")}</p>
      <div className="flex items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs text-gray-600 dark:text-gray-400">{t("invite.code")}</p>
          <p className="select-all font-mono text-xl font-bold tracking-wider" data-testid="invite-code">
            {info.invitation}
          </p>
        </div>
        <CopyButton text={info.invitation} label={t("invite.copyCode")} />
      </div>
      <div className="space-y-1">
        <p className="text-xs text-gray-600 dark:text-gray-400">{t("invite.link")}</p>
        <div className="flex items-center gap-2">
          <a
            href={link}
            className="min-w-0 flex-1 select-all break-all rounded-lg bg-gray-100 px-2 py-2 font-mono text-[13px] leading-5 dark:bg-gray-800"
            data-testid="invite-link"
          >
            {link}
          </a>
          <CopyButton text={link} label={t("invite.copyLink")} />
        </div>
      </div>
      <div
        role="img"
        aria-label={t("invite.qr")}
        className="mx-auto w-40 max-w-full rounded-lg bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server drew it from the invite link (uqr: paths only)
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
    </TitledCard>
  );
}

function RewardsCard({ info }: { info: TeamInfo }) {
  const { t } = useTranslation("team");
  const fmt = useFormat();
  const rates = info.levels.filter((l) => l.betRate > 0 || l.rechargeRate > 0);
  return (
    <section className="card space-y-3" aria-labelledby="rewards-title">
      {/* The claim button goes under the title where a language's words leave no room beside it. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h2 id="rewards-title" className="text-base font-semibold">
            {t("rewards.title")}
          </h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t("rewards.pending")}{" "}
            <span
              className="font-semibold tabular-nums text-green-700 dark:text-green-400"
              data-testid="pending-rebate"
            >
              {fmt.coinMoney(info.pendingRebate, "CHIP")}
            </span>
          </p>
        </div>
        {/* Nothing to claim: no call to act, the same page as the rebates' history. */}
        <Link
          to={PAGES.claimBonus}
          className={`${info.pendingRebate > 0 ? "btn-primary" : "btn-secondary"} max-w-full flex-none px-4`}
        >
          {t(info.pendingRebate > 0 ? "rewards.claim" : "rewards.history")}
        </Link>
      </div>
      {/* At large text sizes the table scrolls in its own box rather than widening the page. */}
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("rewards.rates")}</caption>
          <thead>
            <tr className="text-xs text-gray-600 dark:text-gray-400">
              {[t("rewards.level"), t("rewards.betRate"), t("rewards.rechargeRate")].map((label, i) => (
                <th
                  key={label}
                  scope="col"
                  className={`py-1 font-medium ${i === 0 ? "text-left" : "text-right"}`}
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rates.map((l) => (
              <tr key={l.level} className="border-t border-gray-100 dark:border-gray-800">
                <th scope="row" className="whitespace-nowrap py-1.5 pr-2 text-left font-normal">
                  {t("levels.name", { level: l.level })}
                </th>
                <td className="py-1.5 text-right tabular-nums">
                  {t("rewards.percent", { rate: l.betRate })}
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  {t("rewards.percent", { rate: l.rechargeRate })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {info.registerRebate > 0 ? (
        <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800">
          {t("rewards.register", {
            amount: fmt.coinMoney(info.registerRebate, "CHIP"),
            min: fmt.coinMoney(info.registerMinRecharge, "CHIP"),
          })}
        </p>
      ) : null}
    </section>
  );
}

function FiguresCard({ info }: { info: TeamInfo }) {
  const { t } = useTranslation("team");
  const fmt = useFormat();
  const m = (v: number) => fmt.coinMoney(v, "CHIP");
  const rows: Array<[string, string, string, string]> = [
    [
      t("figures.members"),
      String(info.today.newMembers),
      String(info.yesterday.newMembers),
      String(info.teamNumber),
    ],
    [t("figures.recharge"), m(info.today.recharge), m(info.yesterday.recharge), m(info.teamRecharge)],
    [t("figures.bets"), m(info.today.betAmount), m(info.yesterday.betAmount), m(info.teamTotalBetAmount)],
    [t("figures.rebates"), m(info.today.rebate), m(info.yesterday.rebate), m(info.totalRebate)],
  ];
  return (
    <TitledCard id="figures-title" title={t("figures.title")} className="space-y-3">
      <dl className="grid grid-cols-2 gap-2 text-center">
        {[
          [t("figures.direct"), info.directNumber, info.directRechargeUserNumber],
          [t("figures.team"), info.teamNumber, info.teamRechargeUserNumber],
        ].map(([label, members, recharging]) => (
          <div key={String(label)} className="rounded-lg bg-gray-50 px-1 py-2 dark:bg-gray-800">
            <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{members}</dd>
            <dd className="text-xs text-gray-600 dark:text-gray-400">
              {t("figures.recharging", { count: Number(recharging) })}
            </dd>
          </div>
        ))}
      </dl>
      <div className="-mx-1 overflow-x-auto">
        <table className="w-full text-sm" data-testid="team-figures">
          <thead>
            <tr className="text-xs text-gray-600 dark:text-gray-400">
              <td />
              {[t("figures.today"), t("figures.yesterday"), t("figures.allTime")].map((label) => (
                <th key={label} scope="col" className="px-1 py-1 text-right font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, ...values]) => (
              <tr key={label} className="border-t border-gray-100 dark:border-gray-800">
                <th
                  scope="row"
                  className="px-1 py-1.5 text-left text-xs font-normal text-gray-700 dark:text-gray-300"
                >
                  {label}
                </th>
                {values.map((v, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={i} className="px-1 py-1.5 text-right text-xs tabular-nums">
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">{t("figures.note")}</p>
    </TitledCard>
  );
}

function TasksCard({ tasks }: { tasks: RechargeTask[] }) {
  const { t } = useTranslation("team");
  const fmt = useFormat();
  return (
    <TitledCard id="tasks-title" title={t("tasks.title")} className="space-y-3">
      <ul className="space-y-3">
        {tasks.map((task) => {
          const progress = Math.min(
            100,
            Math.round((task.progress / Math.max(0.01, task.minRecharge)) * 100),
          );
          return (
            <li key={task.id} className="space-y-2" data-testid="recharge-task">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 text-sm">
                  {t(task.period === "DAY" ? "tasks.daily" : "tasks.weekly", {
                    min: fmt.coinMoney(task.minRecharge, "CHIP"),
                    gift: fmt.coinMoney(task.gift, "CHIP"),
                  })}
                </p>
                {task.claimed ? (
                  <span className="flex-none rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900/40 dark:text-green-200">
                    {t("tasks.claimed")}
                  </span>
                ) : null}
              </div>
              <div
                className="h-1.5 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
                aria-hidden="true"
              >
                <div className="h-full bg-brand" style={{ width: `${progress}%` }} />
              </div>
              <div className="flex items-center justify-between gap-2 text-xs text-gray-600 dark:text-gray-400">
                <span className="tabular-nums">
                  {t("tasks.progress", {
                    done: fmt.coinMoney(task.progress, "CHIP"),
                    min: fmt.coinMoney(task.minRecharge, "CHIP"),
                  })}
                </span>
                <span>{t("tasks.ends", { time: fmt.dateTime(task.periodEnd) })}</span>
              </div>
              {task.reached && !task.claimed ? (
                <Form method="post">
                  <input type="hidden" hidden name="taskId" value={task.id} />
                  <SubmitButton intent="gift">
                    {t("tasks.claim", { gift: fmt.coinMoney(task.gift, "CHIP") })}
                  </SubmitButton>
                </Form>
              ) : null}
              {!task.reached ? (
                <Link to={PAGES.recharge} className="btn-secondary w-full text-sm">
                  {t("tasks.recharge")}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </TitledCard>
  );
}

function MembersSection({
  info,
  level,
  members,
  page,
  pages,
}: {
  info: TeamInfo;
  level: number;
  members: { content: TeamMember[]; totalElements: number };
  page: number;
  pages: number;
}) {
  const { t } = useTranslation("team");
  const fmt = useFormat();
  return (
    <section className="space-y-2" aria-labelledby="members-title">
      <h2 id="members-title" className="px-1 text-base font-semibold">
        {t("members.title")}
      </h2>
      <nav
        aria-label={t("members.levels")}
        className="grid grid-cols-3 gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800"
      >
        {info.levels.map((l) => (
          <Link
            key={l.level}
            to={`${PAGES.team}?level=${l.level}#members-title`}
            replace
            preventScrollReset
            aria-current={l.level === level ? "page" : undefined}
            className={`flex min-h-[44px] flex-col items-center justify-center rounded-md text-sm font-semibold ${
              l.level === level ? "bg-brand text-white shadow-sm" : "text-gray-800 dark:text-gray-200"
            }`}
          >
            <span>{t("levels.name", { level: l.level })}</span>
            <span className="text-xs font-normal">{t("levels.members", { count: l.members })}</span>
          </Link>
        ))}
      </nav>
      {members.content.length ? (
        <ul className="space-y-2">
          {members.content.map((member) => (
            <li
              key={member.id}
              className="card flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3"
              data-testid="team-member"
            >
              <div className="min-w-0">
                <p className="font-mono font-semibold">
                  +{member.areaCode} {member.phone}
                </p>
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  {t("members.joined", { time: fmt.dateTime(member.joinTime) })}
                </p>
              </div>
              {/* With large text the figures go under the phone, each amount under its label if need be. */}
              <dl className="ml-auto max-w-full text-right text-xs">
                <div className="flex flex-wrap justify-end gap-x-1">
                  <dt className="text-gray-600 dark:text-gray-400">{t("members.recharge")}</dt>
                  <dd className="font-semibold tabular-nums">{fmt.coinMoney(member.recharge, "CHIP")}</dd>
                </div>
                <div className="flex flex-wrap justify-end gap-x-1">
                  <dt className="text-gray-600 dark:text-gray-400">{t("members.bets")}</dt>
                  <dd className="font-semibold tabular-nums">{fmt.coinMoney(member.betAmount, "CHIP")}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p className="card text-center text-sm text-gray-600 dark:text-gray-400">
          {level === 1 ? t("members.noneDirect") : t("members.none", { level })}
        </p>
      )}
      <Pager
        page={page}
        pages={pages}
        hrefOf={(p) => `${PAGES.team}?level=${level}${p > 1 ? `&page=${p}` : ""}#members-title`}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <NavBar title="" />
      <GeneralErrorBoundary />
      <TabBar active="team" />
    </>
  );
}
