import { parseArgs } from "node:util";
import { z } from "zod";
import { hashPassword } from "../auth/passwords";
import { ok, parseInput } from "../platform/http";
import { type CoreModule, type OperatorCommand, UsageError } from "../platform/module";
import { listAudit } from "./audit";

const hashCommand: OperatorCommand = {
  name: "operator",
  usage: "  admin operator hash PASSWORD       (a hash for OPERATORS=name:HASH)",
  async run(argv, _db, out) {
    const password = argv[2];
    if (argv[1] !== "hash" || !password) throw new UsageError("Usage: admin operator hash PASSWORD");
    if (password.length < 12) throw new UsageError("An operator password needs at least 12 characters");
    out(await hashPassword(password));
  },
};

const auditCommand: OperatorCommand = {
  name: "audit",
  usage: "  admin audit [--limit 50]           (the latest operator actions)",
  async run(argv, db, out) {
    const { values } = parseArgs({
      args: argv.slice(1),
      options: { limit: { type: "string", default: "50" } },
    });
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new UsageError("--limit must be 1 to 1000");
    for (const row of await listAudit(db, limit)) {
      out(
        `${row.createdAt}  ${row.operator}  ${row.action}  ${row.target ?? "-"}  ${JSON.stringify(row.detail)}`,
      );
    }
  },
};

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  beforeId: z.coerce.number().int().positive().optional(),
});

/** The operator API's own parts: who did what (the audit log), and the password hasher. */
export const operatorModule: CoreModule = {
  name: "operator",
  routes() {},
  operatorRoutes(op) {
    op.get("/audit", async (c) => {
      const q = await parseInput(c, auditQuery);
      return ok(c, await listAudit(c.get("deps").db, q.limit, q.beforeId));
    });
  },
  adminCommands: [hashCommand, auditCommand],
};
