import type { ReactNode } from "react";

/**
 * A card of a page with its heading: a section named by its h2 (`id` ties them), then its
 * content. `className` spaces the content (space-y-2, …); `testId` marks the section for tests.
 */
export function TitledCard({
  id,
  title,
  className = "",
  testId,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={`card ${className}`.trim()} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
