/** The "go on" arrow (›) at the end of a row that opens another page; decoration only. */
export function Chevron({ className = "h-5 w-5 text-gray-400" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor">
      <path strokeWidth="2" strokeLinecap="round" d="M9 5l7 7-7 7" />
    </svg>
  );
}
