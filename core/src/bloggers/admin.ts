import { cliOperator, writeAudit } from "../operator/audit";
import { type OperatorCommand, UsageError } from "../platform/module";
import { decide, listApplications, payDividendsDueAudited } from "./bloggers";

const USAGE = `  admin blogger list [UNDER_REVIEW|APPROVED|REJECTED]
  admin blogger approve USER_ID
  admin blogger reject USER_ID REASON...
  admin blogger dividends                 (pays the dividends of ended days now)`;

const LISTED = ["UNDER_REVIEW", "APPROVED", "REJECTED"] as const;
const isListedStatus = (status: string): status is (typeof LISTED)[number] =>
  (LISTED as readonly string[]).includes(status);

const bloggerCommand: OperatorCommand = {
  name: "blogger",
  usage: USAGE,
  async run(argv, db, out) {
    const [, verb, id, ...rest] = argv;
    if (verb === "list") {
      const status = (id ?? "UNDER_REVIEW").toUpperCase();
      if (!isListedStatus(status)) throw new UsageError(`Usage:\n${USAGE}`);
      const applications = await listApplications(db, status);
      if (applications.length === 0) out(`no applications ${status}`);
      for (const a of applications)
        out(
          `${a.userId} ${a.phone} ${a.status}${a.reason ? ` (${a.reason})` : ""} applied ${new Date(a.appliedAt).toISOString()}`,
        );
      return;
    }
    if (verb === "dividends") {
      const pass = await payDividendsDueAudited(db, cliOperator(), Date.now());
      out(`days ${pass.days}, bloggers paid ${pass.paid}`);
      return;
    }
    if ((verb !== "approve" && verb !== "reject") || !/^\d+$/.test(id ?? ""))
      throw new UsageError(`Usage:\n${USAGE}`);
    const reason = rest.join(" ").trim() || null;
    await db.tx(async (tx) => {
      await decide(tx, Number(id), verb === "approve", cliOperator(), reason, Date.now());
      await writeAudit(tx, {
        operator: cliOperator(),
        action: `blogger.${verb}`,
        target: id,
        detail: { reason },
      });
    });
    out(`${id} ${verb === "approve" ? "approved" : "rejected"}`);
  },
};

export const BLOGGER_COMMANDS: OperatorCommand[] = [bloggerCommand];
