import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/i18n-react";

/** Spec section 9: loading indicator after 200 ms; error block after 60 s (click reloads). */
const LOADING_DELAY_MS = 200;
const PAGE_TIMEOUT_MS = 60_000;

export function NavigationProgress() {
  const { t } = useTranslation("common");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  const [stalled, setStalled] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      setStalled(false);
      return;
    }
    const show = setTimeout(() => setVisible(true), LOADING_DELAY_MS);
    const stall = setTimeout(() => setStalled(true), PAGE_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(stall);
    };
  }, [busy]);

  if (stalled) return <PageLoadError />;
  if (!visible) return null;
  return (
    <output aria-label={t("loading")} className="fixed inset-x-0 top-0 z-toast h-1 overflow-hidden">
      <div className="h-full w-1/3 animate-progress bg-brand-light shadow motion-reduce:animate-none" />
    </output>
  );
}

/** The page-load error block: covers the page, and a click reloads it. */
function PageLoadError() {
  const { t } = useTranslation("common");
  return (
    <button
      type="button"
      onClick={() => window.location.reload()}
      className="fixed inset-0 z-toast flex flex-col items-center justify-center gap-3 bg-white p-6 text-center text-gray-900 dark:bg-gray-950 dark:text-gray-100"
    >
      <span className="text-lg font-semibold">{t("pageLoad.failed")}</span>
      <span className="btn-primary">{t("pageLoad.reload")}</span>
    </button>
  );
}
