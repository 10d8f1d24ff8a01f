import {
  bloggerDetailSchema,
  bloggerRankSchema,
  bloggerStatusSchema,
  copyResultSchema,
  dividendsListSchema,
  fansListSchema,
  followRecordsSchema,
  followResultSchema,
} from "#contract/bloggers";
import { upstream } from "./client.server";

/** Bloggers (core/src/bloggers, docs/bloggers.md), on the one client. */

export function getBloggerRank(request: Request) {
  return upstream(request, "/app/summary/bloggerRank", { schema: bloggerRankSchema });
}

export function getDividendsList(request: Request) {
  return upstream(request, "/app/summary/dividendsList", { schema: dividendsListSchema });
}

export function getBloggerDetail(request: Request, bloggerId: number) {
  return upstream(request, "/app/summary/getBloggerDetail", {
    params: { bloggerId },
    schema: bloggerDetailSchema,
  });
}

export function getMyBloggerStatus(request: Request) {
  return upstream(request, "/app/user/blogger/status", { schema: bloggerStatusSchema });
}

export function applyBlogger(request: Request) {
  return upstream(request, "/app/user/blogger/apply", { method: "POST", schema: bloggerStatusSchema });
}

export function followBlogger(request: Request, bloggerId: number, on: boolean) {
  return upstream(request, on ? "/app/user/blogger/follow" : "/app/user/blogger/unfollow", {
    method: "POST",
    params: { bloggerId },
    schema: followResultSchema,
  });
}

export function copyBloggerBet(request: Request, bloggerId: number, betId: number) {
  return upstream(request, "/app/user/blogger/copy", {
    method: "POST",
    params: { bloggerId, betId },
    schema: copyResultSchema,
  });
}

/** Rows a page of the follow records and of the fans list shows (the pages' pager reaches the rest). */
export const SOCIAL_PAGE_SIZE = 20;

/** One page (from 1) of the player's copied bets, newest first. */
export function getFollowRecords(request: Request, pageNo: number) {
  return upstream(request, "/app/user/blogger/followRecords", {
    params: { pageNo, pageSize: SOCIAL_PAGE_SIZE },
    schema: followRecordsSchema,
  });
}

/** One page (from 1) of a blogger's followers, newest first. */
export function getFansList(request: Request, bloggerId: number, pageNo: number) {
  return upstream(request, "/app/user/blogger/fans", {
    params: { bloggerId, pageNo, pageSize: SOCIAL_PAGE_SIZE },
    schema: fansListSchema,
  });
}
