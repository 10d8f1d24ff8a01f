/**
 * The account menu's row icons, drawn like the tab bar's and the balance card's: one stroke path on
 * a 24 grid, in currentColor, hidden from assistive technology (the row's text names it). Sized in
 * px, not rem: at 200 % text the labels grow and the icons keep their size.
 */
const PATHS = {
  assetRecords: "M7 3h10a1 1 0 011 1v17l-3-2-3 2-3-2-3 2V4a1 1 0 011-1zM9 8h6M9 12h6M9 16h3",
  recharge: "M12 3a9 9 0 100 18 9 9 0 000-18zm0 5v8m-4-4l4 4 4-4",
  withdrawal: "M12 3a9 9 0 100 18 9 9 0 000-18zm0 13V8m-4 4l4-4 4 4",
  bankCard: "M3 7a2 2 0 012-2h14a2 2 0 012 2v10a2 2 0 01-2 2H5a2 2 0 01-2-2zm0 3h18M7 15h3",
  exchange: "M7 7h11l-3-3M17 17H6l3 3",
  pledge:
    "M12 4c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3zM4 7v5c0 1.7 3.6 3 8 3s8-1.3 8-3V7M4 12v5c0 1.7 3.6 3 8 3s8-1.3 8-3v-5",
  betRecord:
    "M9 3h6v3H9zM8 4.5H6a1 1 0 00-1 1V20a1 1 0 001 1h12a1 1 0 001-1V5.5a1 1 0 00-1-1h-2M9 12h6M9 16h4",
  followRecords: "M10 11a4 4 0 100-8 4 4 0 000 8zm-7 10a7 7 0 0114 0M17 8h5m-2-2l2 2-2 2",
  responsiblePlay: "M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5",
  team: "M16 11a4 4 0 10-8 0m12 9a8 8 0 00-16 0m16-9a3 3 0 100-5",
  blogger: "M12 3l2.7 5.5 6 .9-4.4 4.2 1 6L12 16.8l-5.3 2.8 1-6-4.4-4.2 6-.9z",
  notice: "M6 16v-5a6 6 0 0112 0v5l2 2H4zM10 21h4",
  myProfile: "M12 12a4 4 0 100-8 4 4 0 000 8zm-8 9a8 8 0 0116 0",
  loginPassword: "M15 4a5 5 0 100 10 5 5 0 000-10zm-3.5 8.5L3 21m3-3l2.5 2.5M8.5 15.5L11 18",
  paymentPassword:
    "M6 11h12a1 1 0 011 1v8a1 1 0 01-1 1H6a1 1 0 01-1-1v-8a1 1 0 011-1zm2 0V8a4 4 0 018 0v3m-4 4v2",
  customerService:
    "M4 14v-2a8 8 0 0116 0v2M4 14h3v5H5a1 1 0 01-1-1zm16 0h-3v5h2a1 1 0 001-1zM19 19c0 1.5-2 2-5 2",
} as const;

export type MenuIconName = keyof typeof PATHS;

/** A row's icon on a soft brand-coloured tile, light and dark. */
export function MenuIcon({ name }: { name: MenuIconName }) {
  return (
    <span className="flex h-[36px] w-[36px] flex-none items-center justify-center rounded-lg bg-pink-50 text-brand-dark dark:bg-gray-800 dark:text-pink-300">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-[20px] w-[20px]"
        fill="none"
        stroke="currentColor"
      >
        <path strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" d={PATHS[name]} />
      </svg>
    </span>
  );
}
