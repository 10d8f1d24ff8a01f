import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { bloggerAction } from "~/components/social/blogger-action.server";
import { applyBlogger, getBloggerRank, getMyBloggerStatus } from "~/utils/api/bloggers.server";
import { asPageError } from "~/utils/api/errors.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";

/** The blogger list and the player's own application. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const [mine, bloggers] = await Promise.all([getMyBloggerStatus(request), getBloggerRank(request)]).catch(
    asPageError,
  );
  return json({ mine, bloggers });
}

/** POST (intent=apply): applies to become a blogger. */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  return bloggerAction(request, PAGES.blogger, async () => {
    const result = await applyBlogger(request);
    return { key: "blogger.applied", extra: { status: result.status } };
  });
}
