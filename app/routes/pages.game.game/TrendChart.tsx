import { NAMED_BET_COLOURS, digitColours } from "~/components/game/bets";
import { digitCounts, trendPoints } from "~/components/game/results";
import { useTranslation } from "~/utils/i18n-react";

const WIDTH = 320;
const ROW = 22;

/** A point's fill in the game's colours: 0 and 5 are half red/green and half violet (gradients below). */
function fillOf(digit: number): string {
  const colours = digitColours(digit);
  if (colours.length > 1) return `url(#trend-${digit})`;
  return NAMED_BET_COLOURS[colours[0]];
}

/** Hard-stop gradients for the two-colour digits, as the result balls draw them. */
function HalfFills() {
  return (
    <defs>
      {[0, 5].map((digit) => {
        const [first, second] = digitColours(digit).map((c) => NAMED_BET_COLOURS[c]);
        return (
          <linearGradient key={digit} id={`trend-${digit}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="50%" stopColor={first} />
            <stop offset="50%" stopColor={second} />
          </linearGradient>
        );
      })}
    </defs>
  );
}

/** Recent results as a 10-column grid with a line through the drawn digits (pure SVG). */
export function TrendChart({ rows }: { rows: ReadonlyArray<{ id: string; lotteryResult?: unknown }> }) {
  const { t } = useTranslation("game");
  const points = trendPoints(rows, { width: WIDTH, rowHeight: ROW, limit: 20 });
  if (!points.length)
    return <p className="py-6 text-center text-gray-700 dark:text-gray-300">{t("empty")}</p>;
  const counts = digitCounts(rows.slice(0, 20));
  const height = points.length * ROW;
  const cell = WIDTH / 10;
  return (
    <figure>
      <figcaption className="mb-2 text-sm text-gray-700 dark:text-gray-300">
        {t("trend.caption", { n: points.length })}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height + ROW}`}
        className="h-auto w-full"
        role="img"
        aria-label={t("trend.summary", { digits: points.map((p) => p.digit).join(", ") })}
      >
        <HalfFills />
        {Array.from({ length: 10 }, (_, d) => (
          <text
            // biome-ignore lint/suspicious/noArrayIndexKey: the ten columns are fixed
            key={d}
            x={cell * d + cell / 2}
            y={ROW * 0.7}
            textAnchor="middle"
            fontSize="12"
            fill="currentColor"
          >
            {d}
          </text>
        ))}
        <g transform={`translate(0 ${ROW})`}>
          {points.map((p, i) => (
            <rect
              key={`row-${p.id}`}
              x="0"
              y={i * ROW}
              width={WIDTH}
              height={ROW}
              fill={i % 2 ? "rgba(127,127,127,0.08)" : "transparent"}
            />
          ))}
          <polyline
            points={points.map((p) => `${p.x},${p.y}`).join(" ")}
            fill="none"
            stroke="#db2777"
            strokeWidth="1.5"
          />
          {points.map((p) => (
            <g key={p.id}>
              <circle cx={p.x} cy={p.y} r={ROW / 2 - 2} fill={fillOf(p.digit)} />
              <text x={p.x} y={p.y + 4} textAnchor="middle" fontSize="11" fill="#fff" fontWeight="bold">
                {p.digit}
              </text>
            </g>
          ))}
        </g>
      </svg>
      <table className="mt-2 w-full table-fixed text-center text-xs">
        <caption className="sr-only">{t("trend.counts")}</caption>
        <thead>
          <tr>
            {counts.map((_, d) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the ten columns are fixed
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {counts.map((c, d) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the ten columns are fixed
              <td key={d}>{c}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </figure>
  );
}
