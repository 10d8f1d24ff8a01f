import { assetRecordPageInputSchema } from "#contract/assets";
import { ok, parseInput, requireUser } from "../platform/http";
import type { CoreModule } from "../platform/module";
import { assetRecordPage } from "./records";

/** The asset records: the player's own ledger entries, paged and filtered. */
export const assetsModule: CoreModule = {
  name: "assets",
  routes(app) {
    app.get("/app/user/account/findUserAccountRecordPage", async (c) => {
      const user = requireUser(c);
      const q = await parseInput(c, assetRecordPageInputSchema);
      return ok(c, await assetRecordPage(c.get("deps").db, user.id, q));
    });
  },
};
