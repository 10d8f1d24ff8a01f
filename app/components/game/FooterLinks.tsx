import { Link } from "@remix-run/react";

/** The row of links at the foot of the game pages (rules, bet record, verification), each 44 px tall. */
export function FooterLinks({ links }: { links: { to: string; label: string }[] }) {
  return (
    <p className="flex justify-center gap-4 text-sm">
      {links.map((link) => (
        <Link
          key={link.to}
          className="flex min-h-[44px] min-w-[44px] items-center justify-center underline"
          to={link.to}
        >
          {link.label}
        </Link>
      ))}
    </p>
  );
}
