import type { ReactNode } from "react";

/**
 * A card of a page with its heading: a section named by its h2 (`id` ties them), then its
 * content. `className` spaces the content (space-y-2, …); `testId` marks the section for tests;
 * `action` (a link) stands at the heading's end.
 */
export function TitledCard({
  id,
  title,
  className = "",
  testId,
  action,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  testId?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-base font-semibold">
      {title}
    </h2>
  );
  return (
    <section className={`card ${className}`.trim()} aria-labelledby={id} data-testid={testId}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-x-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
