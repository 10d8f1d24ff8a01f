import { parseArgs } from "node:util";
import { type OperatorCommand, UsageError } from "../platform/module";
import { PLAYER_OPTIONS, findPlayer } from "../user/admin";

/** `notice add`: a notice for everybody, or a message for one player (--phone). */
const noticeCommand: OperatorCommand = {
  name: "notice",
  usage: "  admin notice add --title TITLE --content TEXT [--marketing] [--phone PHONE [--area-code 91]]",
  async run(argv, db, out) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        ...PLAYER_OPTIONS,
        title: { type: "string" },
        content: { type: "string" },
        // A marketing notice: not shown to self-excluded players (core/src/limits).
        marketing: { type: "boolean" },
      },
    });
    if (positionals[1] !== "add") throw new UsageError(`Usage:\n${noticeCommand.usage}`);
    if (!values.title?.trim() || !values.content?.trim())
      throw new UsageError("notice add needs --title and --content");
    const user = values.phone ? await findPlayer(db, values["area-code"], values.phone) : null;
    const [row] = await db.query<{ id: number }>(
      "INSERT INTO sys_messages (user_id, title, content, marketing) VALUES ($1, $2, $3, $4) RETURNING id",
      [user?.id ?? null, values.title.trim(), values.content.trim(), values.marketing === true],
    );
    out(`notice ${row.id} added${user ? ` for +${user.area_code} ${user.phone}` : " for everybody"}`);
  },
};

export const MESSAGE_COMMANDS = [noticeCommand];
