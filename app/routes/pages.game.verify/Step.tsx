import { DigitBall } from "~/components/game/DigitBall";

/** One step of the check in words, with its outcome: ✓ (green), ✗ (red) or not yet (no mark). */
export function Step({
  what,
  ok,
  outcome,
  ball,
}: { what: string; ok: boolean | null; outcome: string | null; ball?: number | null }) {
  return (
    <li className="space-y-1">
      <p>{what}</p>
      {outcome ? (
        <p
          className={`font-semibold ${
            ok === false ? "text-red-700 dark:text-red-300" : ok ? "text-green-800 dark:text-green-300" : ""
          }`}
        >
          {ok === null ? null : <span aria-hidden="true">{ok ? "✓ " : "✗ "}</span>}
          {outcome}
          {ball === null || ball === undefined ? null : (
            <span className="ml-2 inline-block align-middle">
              <DigitBall digit={ball} size={28} />
            </span>
          )}
        </p>
      ) : null}
    </li>
  );
}
