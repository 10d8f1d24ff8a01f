import { Code } from "#contract/codes";
import { getSysCfgValueInputSchema } from "#contract/config";
import type { CoreRouter } from "../platform/context";
import { ApiError, ok, parseInput } from "../platform/http";
import { getSysConfig } from "./sysconfig";

export function configRoutes(app: CoreRouter) {
  /** Public: the login page needs COUNTRY_CODE before anybody is signed in. */
  app.get("/app/config/getSysCfgValue", async (c) => {
    const { db } = c.get("deps");
    const { sysCfgKeyEnum } = await parseInput(c, getSysCfgValueInputSchema);
    const value = await getSysConfig(db, sysCfgKeyEnum);
    if (value === null) throw new ApiError(Code.NOT_FOUND, `No configuration value named ${sysCfgKeyEnum}`);
    return ok(c, value);
  });
}
