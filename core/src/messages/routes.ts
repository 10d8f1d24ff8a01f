import type { Context } from "hono";
import { Code } from "#contract/codes";
import type { Page } from "#contract/envelope";
import { Header } from "#contract/headers";
import { type Language, languageOf } from "#contract/languages";
import { type SysMessage, findUserMsgListInputSchema, messageIdInputSchema } from "#contract/messages";
import { isSelfExcluded } from "../limits/limits";
import type { CoreEnv, CoreRouter } from "../platform/context";
import type { Sql } from "../platform/db";
import { ApiError, ok, parseInput, requireUser } from "../platform/http";
import { pageOf } from "../platform/paging";

interface MessageRow {
  id: number;
  title: string;
  content: string;
  created_at: Date;
  read: boolean;
}

const toMessage = (r: MessageRow): SysMessage => ({
  id: r.id,
  title: r.title,
  content: r.content,
  createTime: new Date(r.created_at).toISOString(),
  read: r.read,
});

/**
 * The columns of a message as the player reads it: its text in the request's language when an
 * operator gave one (sys_message_texts, joined as `t` on the language), else its own.
 */
const READ_COLUMNS = `m.id, coalesce(t.title, m.title) AS title, coalesce(t.content, m.content) AS content,
  m.created_at, (r.message_id IS NOT NULL) AS read`;
const READ_FROM = `sys_messages m
  LEFT JOIN sys_message_reads r ON r.message_id = m.id AND r.user_id = $1
  LEFT JOIN sys_message_texts t ON t.message_id = m.id AND t.lang = $2`;

/** The language a request asks its notices in (accept-language), or none (their own text). */
const languageOfRequest = (c: Context<CoreEnv>): Language | null =>
  languageOf(c.req.header(Header.language)) ?? null;

/** A notice for everybody (user_id NULL) or a message for this player. */
const VISIBLE = "(m.user_id IS NULL OR m.user_id = $1)";
/** The same without marketing notices: what a self-excluded player sees (core/src/limits). */
const VISIBLE_EXCLUDED = `${VISIBLE} AND NOT m.marketing`;

async function visibleTo(sql: Sql, userId: number, now: number) {
  return (await isSelfExcluded(sql, userId, now)) ? VISIBLE_EXCLUDED : VISIBLE;
}

async function findMessage(sql: Sql, userId: number, id: number, now: number, lang: Language | null) {
  const visible = await visibleTo(sql, userId, now);
  const [row] = await sql.query<MessageRow>(
    `SELECT ${READ_COLUMNS} FROM ${READ_FROM} WHERE ${visible} AND m.id = $3`,
    [userId, lang, id],
  );
  if (!row) throw new ApiError(Code.NOT_FOUND, "This message does not exist");
  return row;
}

export function messageRoutes(app: CoreRouter) {
  app.get("/app/sysMessage/findUserMsgList", async (c) => {
    const { db, now } = c.get("deps");
    const { id: userId } = requireUser(c);
    const { pageNo, pageSize } = await parseInput(c, findUserMsgListInputSchema);
    const visible = await visibleTo(db, userId, now());
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sys_messages m WHERE ${visible}`,
      [userId],
    );
    const rows = await db.query<MessageRow>(
      `SELECT ${READ_COLUMNS} FROM ${READ_FROM} WHERE ${visible} ORDER BY m.id DESC LIMIT $3 OFFSET $4`,
      [userId, languageOfRequest(c), pageSize, (pageNo - 1) * pageSize],
    );
    const page: Page<SysMessage> = pageOf(rows.map(toMessage), n, { pageNo, pageSize });
    return ok(c, page);
  });

  app.get("/app/sysMessage/get", async (c) => {
    const { db, now } = c.get("deps");
    const { id: userId } = requireUser(c);
    const { id } = await parseInput(c, messageIdInputSchema);
    return ok(c, toMessage(await findMessage(db, userId, id, now(), languageOfRequest(c))));
  });

  app.post("/app/sysMessage/readMsg", async (c) => {
    const { db, now } = c.get("deps");
    const { id: userId } = requireUser(c);
    const { id } = await parseInput(c, messageIdInputSchema);
    await findMessage(db, userId, id, now(), null);
    await db.query(
      "INSERT INTO sys_message_reads (message_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
      [id, userId],
    );
    return ok(c, null);
  });
}
