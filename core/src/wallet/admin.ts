import { currencySchema } from "#contract/wallet";
import { cliOperator, writeAudit } from "../operator/audit";
import { type OperatorCommand, UsageError, fieldValues } from "../platform/module";
import { currencyConfig, updateCurrencyConfig } from "./currency-config";

const USAGE = `  admin wallet-config show CASH|USDT
  admin wallet-config set CASH|USDT FIELD VALUE [FIELD VALUE ...]   (e.g. withdrawMinLimit 100)`;

const walletConfigCommand: OperatorCommand = {
  name: "wallet-config",
  usage: USAGE,
  async run(argv, db, out) {
    const [, verb, rawCurrency, ...rest] = argv;
    const currency = currencySchema.safeParse(rawCurrency?.toUpperCase());
    if (!currency.success || (verb !== "show" && verb !== "set")) throw new UsageError(`Usage:\n${USAGE}`);
    if (verb === "show") {
      for (const [key, value] of Object.entries(await currencyConfig(db, currency.data))) {
        // The wire's field keeps the spec's spelling (contract/wallet.ts); an operator reads English.
        out(`${key === "curreny" ? "currency" : key} ${Array.isArray(value) ? value.join(",") : value}`);
      }
      return;
    }
    if (rest.length === 0 || rest.length % 2 !== 0) throw new UsageError("Give FIELD VALUE pairs");
    const changes = fieldValues(rest);
    await db.tx(async (tx) => {
      await updateCurrencyConfig(tx, currency.data, changes);
      await writeAudit(tx, {
        operator: cliOperator(),
        action: "wallet.config.set",
        target: currency.data,
        detail: { changes },
      });
    });
    out(`${currency.data}: ${Object.keys(changes).join(", ")} changed`);
  },
};

export const WALLET_COMMANDS = [walletConfigCommand];
