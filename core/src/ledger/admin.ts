import { fromCents } from "#contract/money";
import { type OperatorCommand, UsageError } from "../platform/module";
import { checkLedger } from "./check";

const ledgerCheckCommand: OperatorCommand = {
  name: "ledger",
  usage:
    "  admin ledger check                 (per coin: all accounts sum to zero; balances equal their entries)",
  async run(argv, db, out) {
    if (argv[1] !== "check") throw new UsageError("Usage: admin ledger check");
    const report = await checkLedger(db);
    for (const coin of report.coins) {
      const system = Object.entries(coin.system)
        .map(([name, cents]) => `${name} ${fromCents(cents)}`)
        .join(", ");
      out(
        `${coin.coin}: players ${fromCents(coin.players)}; ${system || "no system movement"}; sum ${fromCents(coin.sum)}`,
      );
    }
    for (const problem of report.problems) out(`PROBLEM ${problem}`);
    out(report.ok ? "ledger check: OK" : `ledger check: FAILED (${report.problems.length} problems)`);
    if (!report.ok) process.exitCode = 1;
  },
};

export const LEDGER_COMMANDS = [ledgerCheckCommand];
