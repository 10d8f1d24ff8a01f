import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Balances } from "~/components/Balances";
import { Chevron } from "~/components/Chevron";
import { ErrorBelowNavBar } from "~/components/GeneralErrorBoundary";
import { MenuIcon, type MenuIconName } from "~/components/MenuIcon";
import { NavBar } from "~/components/NavBar";
import { SendingSelect } from "~/components/SendingSelect";
import { TabBar } from "~/components/TabBar";
import { TitledCard } from "~/components/TitledCard";
import { showToast } from "~/components/Toasts";
import { UserNavBar } from "~/components/UserNavBar";
import type { RootLoaderData } from "~/root";
import { asPageError } from "~/utils/api/errors.server";
import { getUserInfo } from "~/utils/api/user.server";
import { serverT } from "~/utils/forms.server";
import { languageNames, supportedLanguages } from "~/utils/i18n";
import { useTranslation } from "~/utils/i18n-react";
import { wantsJson } from "~/utils/json-mode.server";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["common", "account", "assets"] };
export const meta = pageTitle("account.title", "account");
const SELF = PAGES.account;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const user = await getUserInfo(request).catch(asPageError);
  return json({ user });
}

/** Only the no-JS path of "customer service" with no address set posts here. */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const t = await serverT(request);
  const message = t("toast.noCustomerService");
  if (wantsJson(request)) return json({ ok: false, message }, { status: 404 });
  return redirectWithToast(SELF, { type: "error", message });
}

/**
 * The menu in short titled sections, as the apps players already use show it (ui.md): each row a
 * page, named by that page's title (tests/app/wording), with its icon. Customer service ends Help.
 */
const SECTIONS: Array<{ title: string; links: Array<{ to: string; key: MenuIconName }> }> = [
  {
    title: "wallet",
    links: [
      { to: PAGES.assetRecords, key: "assetRecords" },
      { to: PAGES.recharge, key: "recharge" },
      { to: PAGES.withdrawal, key: "withdrawal" },
      { to: PAGES.bankCard, key: "bankCard" },
      { to: PAGES.exchange, key: "exchange" },
      { to: PAGES.pledge, key: "pledge" },
    ],
  },
  {
    title: "play",
    links: [
      { to: PAGES.betRecord, key: "betRecord" },
      { to: PAGES.followRecords, key: "followRecords" },
      { to: PAGES.responsiblePlay, key: "responsiblePlay" },
    ],
  },
  {
    title: "community",
    links: [
      { to: PAGES.team, key: "team" },
      { to: PAGES.blogger, key: "blogger" },
      { to: PAGES.notice, key: "notice" },
    ],
  },
  {
    title: "security",
    links: [
      { to: PAGES.myProfile, key: "myProfile" },
      { to: PAGES.loginPassword, key: "loginPassword" },
      { to: PAGES.paymentPassword, key: "paymentPassword" },
    ],
  },
];

// Padding and gap in px, like the icon: at 200 % text the room goes to the name ("Withdrawal" whole).
const rowClass =
  "flex min-h-[52px] w-full items-center gap-[12px] px-[16px] py-2 text-left hover:bg-gray-50 dark:hover:bg-gray-800";

/** A row's face: its icon, its name (wrapping at large text), the "go on" arrow. */
function RowFace({ icon, label }: { icon: MenuIconName; label: string }) {
  return (
    <>
      <MenuIcon name={icon} />
      <span className="min-w-0 flex-1">{label}</span>
      <Chevron className="h-[20px] w-[20px] flex-none text-gray-400" />
    </>
  );
}

function MenuSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="mb-1.5 px-1 text-sm font-semibold text-gray-600 dark:text-gray-300">
        {title}
      </h2>
      <ul className="card divide-y divide-gray-100 p-0 dark:divide-gray-800">{children}</ul>
    </section>
  );
}

export default function AccountPage() {
  const { t } = useTranslation("account");
  const { user } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoaderData>("root");
  const theme = root?.theme ?? "light";
  const locale = root?.locale ?? "en-US";
  return (
    <>
      <NavBar title={t("account.title")} />
      <section aria-label={t("account.profile")}>
        <UserNavBar user={user} />
      </section>
      <main className="mx-auto max-w-md space-y-4 p-4">
        <Balances chip={user.chip} gold={user.gold} point={user.point} />

        <nav aria-label={t("account.menu")} className="space-y-4">
          {SECTIONS.map((section) => (
            <MenuSection
              key={section.title}
              id={`menu-${section.title}`}
              title={t(`account.sections.${section.title}`)}
            >
              {section.links.map((link) => (
                <li key={link.key}>
                  <Link to={link.to} className={rowClass}>
                    <RowFace icon={link.key} label={t(`account.links.${link.key}`)} />
                  </Link>
                </li>
              ))}
            </MenuSection>
          ))}
          <MenuSection id="menu-help" title={t("account.sections.help")}>
            <li>
              {user.customerServiceUrl ? (
                <a
                  href={user.customerServiceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={rowClass}
                >
                  <RowFace icon="customerService" label={t("account.customerService")} />
                </a>
              ) : (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    event.preventDefault();
                    showToast(t("toast.noCustomerService"), "error");
                  }}
                >
                  <button type="submit" className={rowClass}>
                    <RowFace icon="customerService" label={t("account.customerService")} />
                  </button>
                </Form>
              )}
            </li>
          </MenuSection>
        </nav>

        <TitledCard id="settings-title" title={t("account.settings")} className="space-y-4">
          <Form method="post" action="/resources/lang" className="flex items-end gap-2">
            <input type="hidden" hidden name="redirectTo" value={SELF} />
            <label htmlFor="language" className="flex-1 space-y-1 text-sm">
              <span className="block font-medium">{t("account.language")}</span>
              <SendingSelect id="language" name="lang" defaultValue={locale} className="input">
                {supportedLanguages.map((lng) => (
                  <option key={lng} value={lng} lang={lng}>
                    {languageNames[lng]}
                  </option>
                ))}
              </SendingSelect>
            </label>
            <noscript>
              <button type="submit" className="btn-secondary">
                {t("account.apply")}
              </button>
            </noscript>
          </Form>
          <Form
            method="post"
            action="/resources/theme"
            className="flex flex-wrap items-center justify-between gap-2"
          >
            <input type="hidden" hidden name="redirectTo" value={SELF} />
            <input type="hidden" hidden name="theme" value={theme === "dark" ? "light" : "dark"} />
            {/* A labelled switch: its name is "Dark theme", its state (and text) on or off. */}
            <span id="dark-theme-label" className="text-sm font-medium">
              {t("account.darkTheme")}
            </span>
            <button
              type="submit"
              role="switch"
              aria-checked={theme === "dark"}
              aria-labelledby="dark-theme-label"
              className="btn-secondary min-w-[5rem]"
            >
              {theme === "dark" ? t("account.on") : t("account.off")}
            </button>
          </Form>
        </TitledCard>

        <Form method="post" action="/logout">
          <button
            type="submit"
            className="btn w-full border border-red-600 text-red-700 dark:border-red-400 dark:text-red-300"
          >
            {t("account.logout")}
          </button>
        </Form>
        <p className="text-center text-xs text-gray-600 dark:text-gray-400">
          {t("account.version", { version: root?.env.version })}
        </p>
      </main>
      <TabBar active="account" />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorBelowNavBar />;
}
