import { Link, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n-react";

/**
 * The custom navigation bar every page uses (spec section 2): white title on the pink theme
 * colour, a back action, and at most one link on the right (the game's rules, a wallet page's
 * records). Without JS the back action is a plain link to `backTo`.
 */
export function NavBar({
  title,
  backTo,
  link,
}: {
  title: ReactNode;
  /** Where "back" leads without history (and without JS). Omit for tab pages: no back action. */
  backTo?: string;
  link?: { to: string; label: string };
}) {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  return (
    <header className="sticky top-0 z-navbar flex min-h-12 flex-wrap items-center bg-brand px-1 text-white shadow-sm">
      {/* Each side is at least a tap wide and grows to its action's word ("Historique", "Regeln").
          The tap and the arrow are in px: with the text at 200 % the title keeps the room
          ("Accoun" / "t" when each side took 96 px). */}
      <div className="flex min-w-[48px] flex-none justify-start">
        {backTo ? (
          <Link
            to={backTo}
            aria-label={t("nav.back")}
            className="flex h-[44px] w-[44px] items-center justify-center rounded-full hover:bg-white/15"
            onClick={(event) => {
              if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) {
                event.preventDefault();
                navigate(-1);
              }
            }}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-[24px] w-[24px]"
              fill="none"
              stroke="currentColor"
            >
              <path strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="M15 5l-7 7 7 7" />
            </svg>
          </Link>
        ) : null}
      </div>
      {/* A title too long for one line (French, German, large text) takes two, never an ellipsis.
          It keeps at least half the bar: with the text at 200 % the link on the right goes under
          it rather than squeeze it ("Withdr" / "awal" beside "History"). */}
      <h1 className="min-w-[50%] flex-1 text-balance py-1 text-center text-lg font-semibold leading-tight [overflow-wrap:anywhere]">
        {title}
      </h1>
      <div className="ml-auto flex min-w-[48px] flex-none justify-end">
        {link ? (
          <Link
            to={link.to}
            className="flex min-h-[44px] min-w-[44px] items-center justify-center rounded-full px-3 text-sm font-semibold hover:bg-white/15"
          >
            {link.label}
          </Link>
        ) : null}
      </div>
    </header>
  );
}
