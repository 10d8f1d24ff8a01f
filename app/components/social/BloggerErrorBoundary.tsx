import { DetailErrorBoundary } from "~/components/DetailErrorBoundary";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";

/** A blogger's pages (details, fans) for a player who is not, or no longer, a blogger. */
export function BloggerErrorBoundary({ title }: { title: string }) {
  const { t } = useTranslation("social");
  return (
    <DetailErrorBoundary
      title={title}
      back={{ to: PAGES.blogger, label: t("detail.backToList") }}
      notFound={{ title: t("detail.notFoundTitle"), message: t("detail.notFound") }}
    />
  );
}
