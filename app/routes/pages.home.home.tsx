import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Balances } from "~/components/Balances";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { TabBar } from "~/components/TabBar";
import { UserNavBar } from "~/components/UserNavBar";
import { asPageError } from "~/utils/api/errors.server";
import { getUserInfo } from "~/utils/api/user.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";

export const handle = { i18n: ["common", "account", "assets"] };
export const meta = pageTitle("home.title", "account");

/** Home ("/" and /pages/home/home): the user navbar and the three balances. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const user = await getUserInfo(request).catch(asPageError);
  return json({
    user: {
      headUrl: user.headUrl,
      nickName: user.nickName,
      phone: user.phone,
      invitation: user.invitation,
      level: user.level,
      chip: user.chip,
      gold: user.gold,
      point: user.point,
    },
  });
}

export default function HomePage() {
  const { t } = useTranslation("account");
  const { user } = useLoaderData<typeof loader>();
  const games = [
    { coin: "CHIP", label: t("home.playChip") },
    { coin: "GOLD", label: t("home.playGold") },
    { coin: "POINT", label: t("home.playPoint") },
  ];
  return (
    <>
      <header>
        <h1 className="sr-only">{t("home.title")}</h1>
        <UserNavBar user={user} />
      </header>
      <main className="mx-auto max-w-md space-y-4 p-4">
        <Balances chip={user.chip} gold={user.gold} point={user.point} />
        <section className="card space-y-3">
          <h2 className="text-base font-semibold">{t("home.playTitle")}</h2>
          <div className="grid grid-cols-3 gap-2">
            {games.map((g) => (
              <Link key={g.coin} to={`${PAGES.gameList}?coin=${g.coin}`} className="btn-primary px-2 text-sm">
                {g.label}
              </Link>
            ))}
          </div>
        </section>
      </main>
      <TabBar active="home" />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
