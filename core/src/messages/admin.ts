import { parseArgs } from "node:util";
import { LANGUAGES, type Language } from "#contract/languages";
import { cliOperator, writeAudit } from "../operator/audit";
import { type OperatorCommand, UsageError } from "../platform/module";
import { PLAYER_OPTIONS, findPlayer } from "../user/admin";
import { setNoticeText } from "./seed";

const USAGE = `  admin notice add --title TITLE --content TEXT [--marketing] [--phone PHONE [--area-code 91]]
  admin notice translate --id ID --lang ${LANGUAGES.join("|")} --title TITLE --content TEXT`;

/**
 * `notice add`: a notice for everybody, or a message for one player (--phone); `notice translate`:
 * its title and content in one of the six languages (players reading in it see that text).
 */
const noticeCommand: OperatorCommand = {
  name: "notice",
  usage: USAGE,
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
        id: { type: "string" },
        lang: { type: "string" },
      },
    });
    const title = values.title?.trim() ?? "";
    const content = values.content?.trim() ?? "";
    if (positionals[1] === "translate") {
      const lang = LANGUAGES.find((l) => l === values.lang) as Language | undefined;
      if (!lang) throw new UsageError(`--lang must be one of ${LANGUAGES.join(", ")}`);
      if (!/^\d{1,15}$/.test(values.id ?? "")) throw new UsageError("--id must be a notice number");
      if (!title || !content) throw new UsageError("notice translate needs --title and --content");
      if (title.length > 200 || content.length > 5000)
        throw new UsageError("--title takes up to 200 characters, --content up to 5000");
      const [notice] = await db.query("SELECT 1 FROM sys_messages WHERE id = $1", [Number(values.id)]);
      if (!notice) throw new UsageError(`No notice ${values.id}`);
      await db.tx(async (tx) => {
        await setNoticeText(tx, Number(values.id), lang, { title, content });
        await writeAudit(tx, {
          operator: cliOperator(),
          action: "notice.translate",
          target: String(values.id),
          detail: { lang, title },
        });
      });
      out(`notice ${values.id} in ${lang} saved`);
      return;
    }
    if (positionals[1] !== "add") throw new UsageError(`Usage:\n${noticeCommand.usage}`);
    if (!title || !content) throw new UsageError("notice add needs --title and --content");
    const user = values.phone ? await findPlayer(db, values["area-code"], values.phone) : null;
    const row = await db.tx(async (tx) => {
      const [added] = await tx.query<{ id: number }>(
        "INSERT INTO sys_messages (user_id, title, content, marketing) VALUES ($1, $2, $3, $4) RETURNING id",
        [user?.id ?? null, title, content, values.marketing === true],
      );
      await writeAudit(tx, {
        operator: cliOperator(),
        action: "notice.add",
        target: String(added.id),
        detail: { title, userId: user?.id ?? null, marketing: values.marketing === true },
      });
      return added;
    });
    out(`notice ${row.id} added${user ? ` for +${user.area_code} ${user.phone}` : " for everybody"}`);
  },
};

export const MESSAGE_COMMANDS = [noticeCommand];
