import { cliOperator, writeAudit } from "../operator/audit";
import { type OperatorCommand, UsageError, type VerbRun, verbCommand } from "../platform/module";
import { decide, listApplications, payDividendsDueAudited } from "./bloggers";

const USAGE = `  admin blogger list [UNDER_REVIEW|APPROVED|REJECTED]
  admin blogger approve USER_ID
  admin blogger reject USER_ID REASON...
  admin blogger dividends                 (pays the dividends of ended days now)`;

const LISTED = ["UNDER_REVIEW", "APPROVED", "REJECTED"] as const;
const isListedStatus = (status: string): status is (typeof LISTED)[number] =>
  (LISTED as readonly string[]).includes(status);

/** `approve USER_ID` or `reject USER_ID REASON...`: decides an application, audited. */
function decision(verb: "approve" | "reject"): VerbRun {
  return async ([id, ...rest], db, out) => {
    if (!/^\d+$/.test(id ?? "")) throw new UsageError(`Usage:\n${USAGE}`);
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
  };
}

const bloggerCommand = verbCommand("blogger", USAGE, {
  async list([listed], db, out) {
    const status = (listed ?? "UNDER_REVIEW").toUpperCase();
    if (!isListedStatus(status)) throw new UsageError(`Usage:\n${USAGE}`);
    const applications = await listApplications(db, status);
    if (applications.length === 0) out(`no applications ${status}`);
    for (const a of applications)
      out(
        `${a.userId} ${a.phone} ${a.status}${a.reason ? ` (${a.reason})` : ""} applied ${new Date(a.appliedAt).toISOString()}`,
      );
  },
  async dividends(_args, db, out) {
    const pass = await payDividendsDueAudited(db, cliOperator(), Date.now());
    out(`days ${pass.days}, bloggers paid ${pass.paid}`);
  },
  approve: decision("approve"),
  reject: decision("reject"),
});

export const BLOGGER_COMMANDS: OperatorCommand[] = [bloggerCommand];
