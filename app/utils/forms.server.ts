import type { Submission, SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import { i18n } from "./i18n.server";
import { wantsJson } from "./json-mode.server";
import { UpstreamError, statusOf } from "./upstream.server";

/** Server-side t() for the request's language. */
export async function serverT(request: Request, ns: "common" | "account" = "common") {
  return i18n.getFixedT(request, [ns, "common"]);
}

/**
 * A form that did not go through: Conform's reply (status 400 by default) for the page, or
 * `{ok: false, message, errors}` with translated messages in JSON mode.
 */
export async function formError(
  request: Request,
  reply: SubmissionResult<string[]>,
  status = 400,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
) {
  if (wantsJson(request)) {
    const t = await serverT(request);
    const errors: Record<string, string[]> = {};
    for (const [field, list] of Object.entries(reply.error ?? {})) {
      if (list?.length) errors[field || "form"] = list.map((key) => t(key, { defaultValue: key }));
    }
    const message = Object.values(errors)[0]?.[0] ?? t("error.generic");
    return json({ ok: false, message, errors, ...extra }, { status, headers });
  }
  return json({ result: reply, ...extra }, { status, headers });
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

/**
 * The one catch for a form whose upstream call failed: an upstream failure becomes the form's
 * error (its message; the status of the one mapping, statusOf); anything else is rethrown for
 * the error boundary.
 */
export function upstreamFormError(
  request: Request,
  submission: Submission<unknown, string[]>,
  error: unknown,
  hideFields: string[] = [],
  extra: Record<string, unknown> = {},
) {
  if (!isUpstreamError(error)) throw error;
  return formError(
    request,
    submission.reply({ formErrors: [error.message], hideFields }),
    statusOf(error),
    extra,
  );
}
