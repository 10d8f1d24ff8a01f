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

export function getFollowRecords(request: Request, pageNo = 1, pageSize = 20) {
  return upstream(request, "/app/user/blogger/followRecords", {
    params: { pageNo, pageSize },
    schema: followRecordsSchema,
  });
}

export function getFansList(request: Request, bloggerId: number, pageNo = 1, pageSize = 50) {
  return upstream(request, "/app/user/blogger/fans", {
    params: { bloggerId, pageNo, pageSize },
    schema: fansListSchema,
  });
}
