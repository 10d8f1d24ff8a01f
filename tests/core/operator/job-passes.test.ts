import { MODULES } from "../../../core/src/modules";
import { DEV_OPERATOR_PASSWORD } from "../../../core/src/platform/config";
import { describeOnEachDatabase } from "../../support/core";

/**
 * The background jobs an operator can run now, through the operator API and through the admin
 * CLI: each way runs the pass and records it in the audit log under the same action, with what
 * the pass did (core/src/operator/audit.ts, runPassAudited).
 */
const auth = `Basic ${Buffer.from(`operator:${DEV_OPERATOR_PASSWORD}`).toString("base64")}`;

const PASSES = [
  { action: "team.accrue", route: "/team/accrue", cli: ["team", "accrue"] },
  { action: "staking.accrue", route: "/staking/accrue", cli: ["staking-plan", "accrue"] },
  { action: "blogger.dividends", route: "/bloggers/dividends", cli: ["blogger", "dividends"] },
  { action: "jackpot.run", route: "/jackpot/run", cli: ["jackpot", "run"] },
];

describeOnEachDatabase("a job pass run now by an operator", (core) => {
  const auditOf = async (action: string) =>
    core.deps.db.query<{ operator: string; detail: unknown }>(
      "SELECT operator, detail FROM operator_audit WHERE action = $1 ORDER BY id",
      [action],
    );

  it.each(PASSES)("$action: the operator API and the CLI each run it and audit it", async (pass) => {
    const answer = await fetch(`${core.url}/operator${pass.route}`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: "{}",
    });
    expect(((await answer.json()) as { code: number }).code).toBe(200);
    const viaApi = await auditOf(pass.action);
    expect(viaApi.map((a) => a.operator)).toEqual(["operator"]);
    const detail = viaApi[0].detail;
    expect(typeof (typeof detail === "string" ? JSON.parse(detail) : detail)).toBe("object");

    const command = MODULES.flatMap((m) => m.adminCommands ?? []).find((c) => c.name === pass.cli[0]);
    const lines: string[] = [];
    await command?.run(pass.cli, core.deps.db, (line) => lines.push(line));
    expect(lines.length, `${pass.cli.join(" ")} printed a summary`).toBe(1);
    const both = await auditOf(pass.action);
    expect(both).toHaveLength(2);
    expect(both[1].operator).toMatch(/^cli:/);
  });
});
