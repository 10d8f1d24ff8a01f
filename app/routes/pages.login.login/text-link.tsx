import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A centred underlined link between the login page's tabs (forgot password, back to login). */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="text-center">
      <Link
        to={to}
        className="inline-flex min-h-[44px] items-center text-brand-dark underline dark:text-pink-300"
      >
        {children}
      </Link>
    </p>
  );
}
