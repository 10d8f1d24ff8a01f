import { Link } from "@remix-run/react";
import { copyText } from "~/utils/clipboard";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import { showToast } from "./Toasts";

interface NavUser {
  headUrl: string | null;
  nickName: string | null;
  phone: string;
  invitation: string;
  level: number;
}

export function Avatar({ src, size = 48 }: { src: string | null; size?: number }) {
  const style = { width: size, height: size };
  return src ? (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      style={style}
      className="rounded-full bg-white/20 object-cover"
    />
  ) : (
    <span
      style={style}
      className="flex items-center justify-center rounded-full bg-white/25"
      aria-hidden="true"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3/5 w-3/5" fill="none" stroke="currentColor">
        <path strokeWidth="1.8" d="M12 12a4 4 0 100-8 4 4 0 000 8zm-8 9a8 8 0 0116 0" />
      </svg>
    </span>
  );
}

/**
 * The user navbar (spec section 2): avatar (to My Profile), nickname or phone, copyable
 * invitation code, VIP level. Without JS the code is selectable text.
 */
export function UserNavBar({ user }: { user: NavUser }) {
  const { t } = useTranslation("common");
  const name = user.nickName || user.phone;
  return (
    <div className="bg-brand px-4 pb-4 pt-3 text-white">
      <div className="flex items-center gap-3">
        <Link to={PAGES.myProfile} aria-label={t("nav.myProfile")} className="shrink-0 rounded-full">
          <Avatar src={user.headUrl} size={52} />
        </Link>
        <div className="min-w-0 flex-1">
          {/* With large text the VIP level goes under the name, both whole. */}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-lg font-semibold">{name}</span>
            <span className="whitespace-nowrap rounded-full bg-yellow-300 px-2 py-0.5 text-xs font-bold text-gray-900">
              {t("user.vip", { level: user.level })}
            </span>
          </p>
          {user.invitation ? (
            <p className="mt-0.5 flex flex-wrap items-center gap-x-1 text-sm">
              <span>{t("labelled", { label: t("user.invitationCode") })}</span>
              <span className="select-all font-mono font-semibold">{user.invitation}</span>
              <button
                type="button"
                className="ml-1 inline-flex min-h-[44px] min-w-[44px] items-center justify-center rounded-full hover:bg-white/15"
                aria-label={t("user.copyCode")}
                onClick={async () => {
                  if (await copyText(user.invitation)) showToast(t("toast.copied"), "success");
                  else showToast(t("toast.copyFailed"), "error");
                }}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                >
                  <path strokeWidth="1.8" d="M9 9h10v10H9zM5 15V5h10" />
                </svg>
              </button>
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
