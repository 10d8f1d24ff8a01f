import { type ActionFunctionArgs, type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { bloggerAction } from "~/components/social/blogger-action.server";
import { copyBloggerBet, followBlogger, getBloggerDetail } from "~/utils/api/bloggers.server";
import { asPageError } from "~/utils/api/errors.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";

const idOf = (request: Request) => {
  const raw = new URL(request.url).searchParams.get("id") ?? "";
  return /^\d{1,12}$/.test(raw) ? Number(raw) : null;
};

/** A blogger's profile, fans, win rate, profit, open and recent bets (?id=). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const id = idOf(request);
  if (id === null) throw redirect(PAGES.blogger);
  const blogger = await getBloggerDetail(request, id).catch(asPageError);
  return json({ blogger });
}

/**
 * POST intent=follow|unfollow, or intent=copy with betId: back to this page with a toast. Any
 * other intent (or none) is refused with status 400 and changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const id = idOf(request);
  if (id === null) throw redirect(PAGES.blogger);
  const back = `${PAGES.bloggerDetails}?id=${id}`;
  return bloggerAction(request, back, async (form) => {
    const intent = form.get("intent");
    if (intent === "copy") {
      const betId = String(form.get("betId") ?? "");
      if (!/^\d{1,15}$/.test(betId)) throw new Response("betId must be a bet id", { status: 400 });
      const copied = await copyBloggerBet(request, id, Number(betId));
      return { key: copied.repeated ? "detail.alreadyCopied" : "detail.copied", extra: { bet: copied.bet } };
    }
    if (intent !== "follow" && intent !== "unfollow") return { key: "detail.unknownIntent", refused: true };
    const on = intent === "follow";
    await followBlogger(request, id, on);
    return { key: on ? "detail.followed" : "detail.unfollowed" };
  });
}
