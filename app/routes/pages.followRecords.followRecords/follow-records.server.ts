import type { LoaderFunctionArgs } from "@remix-run/node";
import { SOCIAL_PAGE_SIZE, getFollowRecords } from "~/utils/api/bloggers.server";
import { pagedRecords } from "~/utils/paged-records.server";

/** The player's copied bets and their outcomes, newest first, a page at a time (?page=, from 1). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  pagedRecords(request, SOCIAL_PAGE_SIZE, (pageNo) => getFollowRecords(request, pageNo));
