import { parseArgs } from "node:util";
import { withdrawalStatusSchema } from "#contract/withdrawal";
import { cliOperator, writeAudit } from "../operator/audit";
import { UsageError, verbCommand } from "../platform/module";
import { approveWithdrawal, listForOperators, rejectWithdrawal } from "./withdrawals";

const USAGE = `  admin withdrawals list [WAITING|APPROVED|REJECT]
  admin withdrawals approve ID
  admin withdrawals reject ID --reason "TEXT"`;

/** The withdrawal an approve or reject names, and the --reason given. */
function idAndReason(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    options: { reason: { type: "string" } },
    allowPositionals: true,
  });
  const id = positionals[0];
  if (!id || !/^\d{1,15}$/.test(id)) throw new UsageError(`Usage:\n${USAGE}`);
  return { id, reason: values.reason };
}

const withdrawalsCommand = verbCommand("withdrawals", USAGE, {
  async list([status], db, out) {
    const parsed = status ? withdrawalStatusSchema.safeParse(status.toUpperCase()) : null;
    if (parsed && !parsed.success) throw new UsageError(`Usage:\n${USAGE}`);
    const rows = await listForOperators(db, parsed?.data ?? null, 200);
    if (rows.length === 0) out("No withdrawals");
    for (const r of rows) {
      const to = r.currency === "CASH" ? `${r.bankName} ${r.bankCardNo}` : `${r.network} ${r.address}`;
      out(
        `#${r.id} ${r.status}${r.payoutState ? `/${r.payoutState}` : ""} user ${r.userId} ${r.currency} ` +
          `${r.amount.toFixed(2)} (fee ${r.fee.toFixed(2)}, net ${r.netAmount.toFixed(2)}) to ${to} ` +
          `${new Date(r.createTime).toISOString()}${r.rejectReason ? ` reason: ${r.rejectReason}` : ""}`,
      );
    }
  },
  async approve(args, db, out) {
    const { id } = idAndReason(args);
    const operator = cliOperator();
    const r = await approveWithdrawal(db, Number(id), operator, (tx, row) =>
      writeAudit(tx, {
        operator,
        action: "withdrawal.approve",
        target: id,
        detail: { amount: row.amount, currency: row.currency },
      }),
    );
    out(`Withdrawal #${id}: ${r.status}`);
  },
  async reject(args, db, out) {
    const { id, reason } = idAndReason(args);
    if (!reason?.trim()) throw new UsageError('Give the player a reason: --reason "..."');
    const operator = cliOperator();
    const r = await rejectWithdrawal(db, Number(id), operator, reason, (tx, row) =>
      writeAudit(tx, {
        operator,
        action: "withdrawal.reject",
        target: id,
        detail: { amount: row.amount, currency: row.currency, reason: row.rejectReason },
      }),
    );
    out(`Withdrawal #${id}: ${r.status} (${r.rejectReason}); ${r.amount.toFixed(2)} returned`);
  },
});

export const WITHDRAWAL_COMMANDS = [withdrawalsCommand];
