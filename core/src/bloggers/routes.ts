import { bloggerIdInputSchema, copyBetInputSchema, fansListInputSchema } from "#contract/bloggers";
import { Code } from "#contract/codes";
import { pageInputSchema } from "#contract/envelope";
import { Header } from "#contract/headers";
import { saveSettingsAudited, writeAudit } from "../operator/audit";
import { operatorOf } from "../operator/auth";
import { passHandler } from "../operator/handlers";
import type { CoreRouter } from "../platform/context";
import { ApiError, ok, parseInput, readInput, requireUser } from "../platform/http";
import {
  BLOGGER_MESSAGES,
  type BloggerStatus,
  apply,
  bloggerDetail,
  bloggerRank,
  copyBet,
  decide,
  dividendsList,
  fansList,
  follow,
  followRecords,
  getBloggerSettings,
  listApplications,
  myBloggerStatus,
  payDividendsDueAudited,
  saveBloggerSettings,
} from "./bloggers";

export function bloggerRoutes(app: CoreRouter) {
  app.post("/app/user/blogger/apply", async (c) => {
    const user = requireUser(c);
    const result = await apply(c.get("deps"), user.id);
    return ok(c, result, BLOGGER_MESSAGES.underReview);
  });

  app.get("/app/user/blogger/status", async (c) => {
    const user = requireUser(c);
    return ok(c, await myBloggerStatus(c.get("deps").db, user.id));
  });

  app.post("/app/user/blogger/follow", async (c) => {
    const user = requireUser(c);
    const { bloggerId } = await parseInput(c, bloggerIdInputSchema);
    const deps = c.get("deps");
    return ok(c, await follow(deps.db, user.id, bloggerId, deps.now(), true), "Followed");
  });

  app.post("/app/user/blogger/unfollow", async (c) => {
    const user = requireUser(c);
    const { bloggerId } = await parseInput(c, bloggerIdInputSchema);
    const deps = c.get("deps");
    return ok(c, await follow(deps.db, user.id, bloggerId, deps.now(), false), "Unfollowed");
  });

  app.post("/app/user/blogger/copy", async (c) => {
    const user = requireUser(c);
    const { bloggerId, betId } = await parseInput(c, copyBetInputSchema);
    const deps = c.get("deps");
    const result = await copyBet(
      deps.db,
      user.id,
      bloggerId,
      betId,
      deps.now(),
      c.req.header(Header.idempotencyKey),
    );
    return ok(c, result, result.repeated ? "Already copied" : "Bet copied");
  });

  app.get("/app/user/blogger/followRecords", async (c) => {
    const user = requireUser(c);
    const q = await parseInput(c, pageInputSchema);
    return ok(c, await followRecords(c.get("deps").db, user.id, q));
  });

  app.get("/app/user/blogger/fans", async (c) => {
    requireUser(c);
    const { bloggerId, ...q } = await parseInput(c, fansListInputSchema);
    return ok(c, await fansList(c.get("deps").db, bloggerId, q));
  });

  app.get("/app/summary/getBloggerDetail", async (c) => {
    const { bloggerId } = await parseInput(c, bloggerIdInputSchema);
    return ok(c, await bloggerDetail(c.get("deps").db, bloggerId, c.get("user")?.id ?? null));
  });

  app.get("/app/summary/bloggerRank", async (c) => ok(c, await bloggerRank(c.get("deps").db)));
  app.get("/app/summary/dividendsList", async (c) => ok(c, await dividendsList(c.get("deps").db)));
}

export function bloggerOperatorRoutes(op: CoreRouter) {
  op.get("/bloggers", async (c) => {
    const status = (c.req.query("status") ?? "UNDER_REVIEW") as BloggerStatus;
    if (!["UNDER_REVIEW", "APPROVED", "REJECTED"].includes(status))
      throw new ApiError(Code.BAD_REQUEST, "status must be UNDER_REVIEW, APPROVED or REJECTED");
    return ok(c, await listApplications(c.get("deps").db, status));
  });

  for (const verb of ["approve", "reject"] as const) {
    /** POST (reject: {reason}): decides an application under review, audited. */
    op.post(`/bloggers/:id/${verb}`, async (c) => {
      const operator = operatorOf(c);
      const id = c.req.param("id");
      if (!/^\d{1,12}$/.test(id)) throw new ApiError(Code.BAD_REQUEST, "id must be a player id");
      const { reason } = await readInput(c);
      const deps = c.get("deps");
      await deps.db.tx(async (tx) => {
        await decide(tx, Number(id), verb === "approve", operator, reason ?? null, deps.now());
        await writeAudit(tx, {
          operator,
          action: `blogger.${verb}`,
          target: id,
          detail: { reason: reason ?? null },
        });
      });
      return ok(c, null);
    });
  }

  op.get("/bloggers/settings", async (c) => ok(c, await getBloggerSettings(c.get("deps").db)));

  /** POST {minTurnover?, dividendPercent?}, audited. */
  op.post("/bloggers/settings", async (c) => {
    const changes = await readInput(c);
    const saved = await saveSettingsAudited(
      c.get("deps").db,
      operatorOf(c),
      "blogger.settings",
      changes,
      (tx) => saveBloggerSettings(tx, changes),
    );
    return ok(c, saved);
  });

  /** POST: pays due dividends now (the job does it every minute), audited. */
  op.post(
    "/bloggers/dividends",
    passHandler((deps, operator) => payDividendsDueAudited(deps.db, operator, deps.now())),
  );
}
