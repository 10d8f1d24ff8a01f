import type { ReactNode } from "react";

/**
 * A collapsed block the player may open ("check it yourself", a commitment): a bordered
 * <details> whose <summary> is a 44 px tap target.
 */
export function Disclosure({
  summary,
  testId,
  children,
}: {
  summary: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <details className="rounded-lg border border-gray-200 p-3 dark:border-gray-700" data-testid={testId}>
      <summary className="min-h-[44px] cursor-pointer py-2.5 font-semibold">{summary}</summary>
      {children}
    </details>
  );
}

/** One datum of a <dl> to check by hand (a hash, a seed, a count), in full, breakable anywhere. */
export function Datum({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-gray-700 dark:text-gray-300">{label}</dt>
      <dd className="break-all font-mono" data-testid={testId}>
        {value ?? "—"}
      </dd>
    </div>
  );
}
