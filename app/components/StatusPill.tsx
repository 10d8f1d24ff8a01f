import type { ReactNode } from "react";

const TONES = {
  waiting: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200",
  done: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200",
  refused: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200",
  neutral: "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200",
} as const;

type Tone = keyof typeof TONES;

/**
 * A status as a small coloured pill (a blogger application, a copied bet, a stake, a rebate):
 * amber while it waits, green when done, red when refused, grey otherwise.
 */
export function StatusPill({
  tone,
  className,
  children,
}: { tone: Tone; className?: string; children: ReactNode }) {
  const own = `rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`;
  return <span className={className ? `${className} ${own}` : own}>{children}</span>;
}
