import type { Submission, SubmissionResult } from "@conform-to/react";
import {
  MaxPartSizeExceededError,
  type UploadHandler,
  json,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { UpstreamError, statusOf } from "./api/errors.server";
import { i18n } from "./i18n.server";
import { wantsJson } from "./json-mode.server";
import { isKeyReused, refusalOr } from "./limit-refusal.server";

const IDEMPOTENCY_KEY = /^[\w-]{8,80}$/;

/**
 * The idempotency key a money form posted (the page's formKey, so that a double submit counts
 * once), or a fresh one when it sent none or a malformed one.
 */
export function formIdempotencyKey(form: FormData): string {
  const key = form.get("idempotencyKey");
  return typeof key === "string" && IDEMPOTENCY_KEY.test(key) ? key : crypto.randomUUID();
}

/**
 * The key a money form keeps after a refusal: its own (sent again, it still counts once), or a
 * fresh one when the refusal was that key sent with other values, which the next send would
 * only meet again.
 */
export function keyAfterRefusal(key: string, detail: unknown): string {
  return isKeyReused(detail) ? crypto.randomUUID() : key;
}

/** Server-side t() for the request's language. */
export async function serverT(request: Request, ns: "common" | "account" | "assets" = "common") {
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

/**
 * The field an upstream refusal is about, by its reason: an amount out of bounds, over the
 * balance or the day's limit, a wrong payment password, a USDT address not of its network and a
 * bank card's number, IFSC or bank are said under that field (marked invalid and describing it),
 * not at the foot of the form where the player cannot tell what to fix.
 */
const REFUSAL_FIELDS: Record<string, string> = {
  BELOW_MIN: "amount",
  ABOVE_MAX: "amount",
  DAY_LIMIT: "amount",
  TURNOVER: "amount",
  INSUFFICIENT: "amount",
  TOO_SMALL: "amount",
  WRONG_PASSWORD: "assetPassword",
  BAD_ADDRESS: "address",
  WRONG_NETWORK: "address",
  DUPLICATE_CARD: "bankCardNo",
  NUMBER_REQUIRED: "bankCardNo",
  IFSC_REQUIRED: "ifsc",
  NO_BANK: "bankId",
};

/** Conform's reply for a refusal: under its field when the form has that field, else the form's. */
export function refusalReply(
  submission: Submission<unknown, string[]>,
  message: string,
  reason: unknown,
  hideFields: string[] = [],
): SubmissionResult<string[]> {
  const field = typeof reason === "string" ? REFUSAL_FIELDS[reason] : undefined;
  if (field && field in submission.payload) {
    return submission.reply({ fieldErrors: { [field]: [message] }, hideFields });
  }
  return submission.reply({ formErrors: [message], hideFields });
}

/**
 * A money form's call refused in the upstream's envelope (an exchange, a stake): `message` said
 * under the field its reason is about (refusalReply), answered with the status of the one mapping.
 */
export function envelopeRefusal(
  request: Request,
  submission: Submission<unknown, string[]>,
  refusal: { code: number; message: string; detail: unknown },
  message: string,
) {
  const reason = (refusal.detail as { reason?: string } | null)?.reason;
  return formError(
    request,
    refusalReply(submission, message, reason),
    statusOf(new UpstreamError(refusal.code, refusal.message)),
  );
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

/**
 * The one catch for a form whose upstream call failed: an upstream failure becomes the form's
 * error (its message; the status of the one mapping, statusOf); anything else is rethrown for
 * the error boundary.
 */
export async function upstreamFormError(
  request: Request,
  submission: Submission<unknown, string[]>,
  error: unknown,
  hideFields: string[] = [],
  extra: Record<string, unknown> = {},
) {
  if (!isUpstreamError(error)) throw error;
  // A refusal by player protection (a limit, a break) is said in the player's words, whatever the form.
  const message = await refusalOr(request, error.detail, error.message);
  return formError(request, submission.reply({ formErrors: [message], hideFields }), statusOf(error), extra);
}

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const FORM_TYPES = `${URLENCODED} or ${MULTIPART}`;

/** A body the app will not take: thrown, so the error boundary (or the JSON client) shows it. */
function refusedBody(status: 400 | 413 | 415, message: string): Response {
  return json({ ok: false, message }, { status });
}

/**
 * The one way an action reads its form. A body that is not a form (JSON, text, no content type),
 * a broken one (multipart without a boundary or with broken parts) or one over the size limit
 * (the server counts the bytes and fails the stream) is thrown as 415, 400 or 413 with a clear
 * message, never a 500. With `uploadHandler` the multipart parts stream through it (file uploads);
 * a part over that handler's own size limit is left to the caller (MaxPartSizeExceededError).
 */
export async function readForm(request: Request, uploadHandler?: UploadHandler): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (mediaType !== URLENCODED && mediaType !== MULTIPART) {
    const named = /^[\w.+-]{1,60}\/[\w.+-]{1,60}$/.test(mediaType) ? ` ${mediaType}` : "";
    const problem = mediaType ? `Unsupported content type${named}` : "The body has no content type";
    throw refusedBody(415, `${problem}: this address takes a form (${FORM_TYPES}).`);
  }
  if (mediaType === MULTIPART && !/;\s*boundary=[^;\s]/i.test(contentType)) {
    throw refusedBody(400, "The multipart form has no boundary: its fields cannot be read.");
  }
  try {
    if (mediaType === MULTIPART && uploadHandler) {
      return await unstable_parseMultipartFormData(request, uploadHandler);
    }
    return await request.formData();
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw error;
    if ((error as { code?: unknown } | null)?.code === "BODY_TOO_LARGE") {
      throw refusedBody(413, "The form is too large.");
    }
    throw refusedBody(400, `The form could not be read: send it complete and well formed (${FORM_TYPES}).`);
  }
}
