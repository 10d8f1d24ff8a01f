import { parseArgs } from "node:util";
import { withdrawalStatusSchema } from "#contract/withdrawal";
import { cliOperator, writeAudit } from "../operator/audit";
import { type OperatorCommand, UsageError } from "../platform/module";
import { approveWithdrawal, listForOperators, rejectWithdrawal } from "./withdrawals";

const USAGE = `  admin withdrawals list [WAITING|APPROVED|REJECT]
  admin withdrawals approve ID
  admin withdrawals reject ID --reason "TEXT"`;

const withdrawalsCommand: OperatorCommand = {
  name: "withdrawals",
  usage: USAGE,
  async run(argv, db, out) {
    const [, verb, ...rest] = argv;
    const operator = cliOperator();
    if (verb === "list") {
      const status = rest[0] ? withdrawalStatusSchema.safeParse(rest[0].toUpperCase()) : null;
      if (status && !status.success) throw new UsageError(`Usage:\n${USAGE}`);
      const rows = await listForOperators(db, status?.data ?? null, 200);
      if (rows.length === 0) out("No withdrawals");
      for (const r of rows) {
        const to = r.currency === "CASH" ? `${r.bankName} ${r.bankCardNo}` : `${r.network} ${r.address}`;
        out(
          `#${r.id} ${r.status}${r.payoutState ? `/${r.payoutState}` : ""} user ${r.userId} ${r.currency} ` +
            `${r.amount.toFixed(2)} (fee ${r.fee.toFixed(2)}, net ${r.netAmount.toFixed(2)}) to ${to} ` +
            `${new Date(r.createTime).toISOString()}${r.rejectReason ? ` reason: ${r.rejectReason}` : ""}`,
        );
      }
      return;
    }
    const { values, positionals } = parseArgs({
      args: rest,
      options: { reason: { type: "string" } },
      allowPositionals: true,
    });
    const id = positionals[0];
    if ((verb !== "approve" && verb !== "reject") || !id || !/^\d{1,15}$/.test(id)) {
      throw new UsageError(`Usage:\n${USAGE}`);
    }
    if (verb === "approve") {
      const r = await approveWithdrawal(db, Number(id), operator, (tx, row) =>
        writeAudit(tx, {
          operator,
          action: "withdrawal.approve",
          target: id,
          detail: { amount: row.amount, currency: row.currency },
        }),
      );
      out(`Withdrawal #${id}: ${r.status}`);
      return;
    }
    if (!values.reason?.trim()) throw new UsageError('Give the player a reason: --reason "..."');
    const r = await rejectWithdrawal(db, Number(id), operator, values.reason, (tx, row) =>
      writeAudit(tx, {
        operator,
        action: "withdrawal.reject",
        target: id,
        detail: { amount: row.amount, currency: row.currency, reason: row.rejectReason },
      }),
    );
    out(`Withdrawal #${id}: ${r.status} (${r.rejectReason}); ${r.amount.toFixed(2)} returned`);
  },
};

export const WITHDRAWAL_COMMANDS = [withdrawalsCommand];
