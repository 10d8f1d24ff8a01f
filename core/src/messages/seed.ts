import type { Sql } from "../platform/db";

export const NOTICES = [
  {
    title: "Welcome to Colour Lottery",
    content:
      "Pick a colour, a number, Big or Small, and watch the draw at the end of each round. " +
      "Every result can be verified: the seed's hash is shown before betting opens.",
  },
  {
    title: "Play responsibly",
    content:
      "Set deposit and loss limits, take a break with cool-off, or exclude yourself in your account settings. " +
      "Only bet what you can afford to lose.",
  },
  {
    title: "Keep your account safe",
    content:
      "We never ask for your password or SMS code. Set a payment password before your first withdrawal.",
  },
];

/** The welcome notices, each added once (by title). */
export async function seedNotices(tx: Sql) {
  for (const notice of NOTICES) {
    const exists = await tx.query("SELECT 1 FROM sys_messages WHERE user_id IS NULL AND title = $1", [
      notice.title,
    ]);
    if (exists.length === 0) {
      await tx.query("INSERT INTO sys_messages (title, content) VALUES ($1, $2)", [
        notice.title,
        notice.content,
      ]);
    }
  }
}
