import type { ExchangePair } from "#contract/assets";
import { cliOperator } from "../operator/audit";
import { type OperatorCommand, UsageError, fieldValues } from "../platform/module";
import { listPairs, upsertPairAudited } from "./pairs";
import { pointRules, setPointRateAudited } from "./points";

const PAIR_USAGE = `  admin exchange-pair list
  admin exchange-pair set FROM TO FIELD VALUE [FIELD VALUE ...]   (fields fromUnits toUnits feeRate enabled; adds the pair when absent)`;
const POINTS_USAGE =
  "  admin points rate [POINTS_PER_100]          (show, or set the points earned per 100 staked)";

const describePair = (p: ExchangePair) =>
  `${p.fromCoin} -> ${p.toCoin}: ${p.fromUnits} gives ${p.toUnits}, fee ${p.feeRate} %, ${p.enabled ? "enabled" : "disabled"}`;

const exchangePairCommand: OperatorCommand = {
  name: "exchange-pair",
  usage: PAIR_USAGE,
  async run(argv, db, out) {
    const [, verb, from, to, ...rest] = argv;
    if (verb === "list") {
      for (const p of await listPairs(db)) out(describePair(p));
      return;
    }
    if (verb !== "set" || !from || !to || rest.length % 2 !== 0)
      throw new UsageError(`Usage:\n${PAIR_USAGE}`);
    const changes = fieldValues(rest);
    const pair = await upsertPairAudited(db, cliOperator(), from, to, changes);
    out(describePair(pair));
  },
};

const pointsCommand: OperatorCommand = {
  name: "points",
  usage: POINTS_USAGE,
  async run(argv, db, out) {
    const [, verb, value] = argv;
    if (verb !== "rate") throw new UsageError(`Usage:\n${POINTS_USAGE}`);
    if (value === undefined) {
      const rules = await pointRules(db);
      out(`${rules.rateBp / 100} points per 100 ${rules.coin} staked`);
      return;
    }
    const change = await setPointRateAudited(db, cliOperator(), value);
    out(`points per 100 staked: ${change.before} -> ${change.after}`);
  },
};

export const EXCHANGE_COMMANDS = [exchangePairCommand, pointsCommand];
