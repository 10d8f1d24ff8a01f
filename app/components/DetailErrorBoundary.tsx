import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { EmptyState } from "./EmptyState";
import { ErrorBelowNavBar } from "./GeneralErrorBoundary";
import { NavBar } from "./NavBar";

interface Words {
  title: string;
  message: string;
}

/**
 * The error boundary of a page that shows one thing by its id (a bet, a notice, a blogger, a
 * blogger's fans): reached without the id, or with one that is not there for this player, it says
 * so under the page's own bar and leads back to the list, instead of a bare 404. Any other failure
 * is the general error page, under the same bar. A loader marks "no id" by `missing: true` in its
 * 404's data; pages that send a missing id elsewhere give no `noId` words.
 */
export function DetailErrorBoundary({
  title,
  back,
  noId,
  notFound,
}: {
  title: string;
  back: { to: string; label: string };
  noId?: Words;
  notFound: Words;
}) {
  const error = useRouteError();
  const notThere = isRouteErrorResponse(error) && error.status === 404;
  if (!notThere) return <ErrorBelowNavBar title={title} backTo={back.to} />;
  const words = error.data?.missing && noId ? noId : notFound;
  return (
    <>
      <NavBar title={title} backTo={back.to} />
      <main className="mx-auto max-w-md p-4">
        <EmptyState title={words.title} message={words.message} action={back} />
      </main>
    </>
  );
}
