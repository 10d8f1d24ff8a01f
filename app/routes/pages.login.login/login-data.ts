import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { action, loader } from "./route";

/** What a failed submission of one of the three forms answers. */
type ActionData = {
  result?: SubmissionResult<string[]>;
  smsRemaining?: number;
  smsSent?: number;
  message?: string;
};

/** The page's loader data and the last action answer, as each of the three forms reads them. */
export function useLoginData() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return { data, actionData };
}
