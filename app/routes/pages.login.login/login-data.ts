import { useActionData, useLoaderData } from "@remix-run/react";
import type { SmsFormAnswer } from "~/components/forms";
import type { loader } from "./route";

/** The page's loader data and the last action answer, as each of the three forms reads them. */
export function useLoginData() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData() as SmsFormAnswer | undefined;
  return { data, actionData };
}
