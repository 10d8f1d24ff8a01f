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
        // An action wrapped under the title keeps clear of it (actions pull in their 44 px with -my-2.5).
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-3">
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
