import type { SubmissionResult } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  json,
  unstable_createMemoryUploadHandler,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { NavBar } from "~/components/NavBar";
import { Avatar } from "~/components/UserNavBar";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { asPageError, statusOf } from "~/utils/api/errors.server";
import { uploadImage } from "~/utils/api/files.server";
import { getUserInfo, modifyUserBaseInfo } from "~/utils/api/user.server";
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from "~/utils/avatar";
import { formError, isUpstreamError, readForm, serverT, upstreamFormError } from "~/utils/forms.server";
import { useTranslation } from "~/utils/i18n-react";
import { wantsJson } from "~/utils/json-mode.server";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { parseWithZod, profileSchema } from "~/utils/schemas.server";
import { requireToken } from "~/utils/session.server";
import { finish } from "~/utils/toast.server";

/** The line under the picture button: the chosen file's name, or whether one is chosen. */
const CHOSEN_LINE = "max-w-full text-xs text-gray-600 dark:text-gray-400";

// The nickname form, with the form kit's Conform, loads after first paint; the server renders it.
const ProfileForm = lazyForm(() => import("./profile-form").then((m) => m.ProfileForm));
export const clientLoader = withForms(ProfileForm);

export const handle = { i18n: ["common", "account"] };
export const meta = pageTitle("profile.title", "account");
const SELF = PAGES.myProfile;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const user = await getUserInfo(request).catch(asPageError);
  return json({
    user: { nickName: user.nickName, sex: user.sex, headUrl: user.headUrl, phone: user.phone },
  });
}

async function avatarAction(request: Request) {
  const t = await serverT(request, "account");
  const fail = (message: string, status = 400) =>
    wantsJson(request)
      ? json({ ok: false, message }, { status })
      : json({ avatarError: message }, { status });
  let formData: FormData;
  try {
    formData = await readForm(request, unstable_createMemoryUploadHandler({ maxPartSize: AVATAR_MAX_BYTES }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return fail(t("profile.avatarTooLarge"), 413);
    throw error;
  }
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) return fail(t("profile.avatarRequired"));
  if (!AVATAR_TYPES.includes(file.type)) return fail(t("profile.avatarType"));
  try {
    const headUrl = await uploadImage(request, file);
    await modifyUserBaseInfo(request, { headUrl });
    return finish(request, SELF, { type: "success", message: t("toast.saved") }, undefined, { headUrl });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    return fail(error.message, statusOf(error));
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    return avatarAction(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") return formError(request, submission.reply());
  const t = await serverT(request, "account");
  try {
    await modifyUserBaseInfo(request, { nickName: submission.value.nickName, sex: submission.value.sex });
    return finish(request, SELF, { type: "success", message: t("toast.saved") });
  } catch (error) {
    return upstreamFormError(request, submission, error);
  }
}

export default function MyProfilePage() {
  const { t } = useTranslation("account");
  const { user } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    | { result?: SubmissionResult<string[]>; avatarError?: string }
    | undefined;
  const [clientError, setClientError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const avatarError = clientError ?? actionData?.avatarError;
  return (
    <>
      <NavBar title={t("profile.title")} backTo={PAGES.account} />
      <main className="mx-auto max-w-md space-y-4 p-4">
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="card flex flex-col items-center gap-3"
          onSubmit={(event) => {
            const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
            const file = input?.files?.[0];
            const problem = !file
              ? t("profile.avatarRequired")
              : file.size > AVATAR_MAX_BYTES
                ? t("profile.avatarTooLarge")
                : !AVATAR_TYPES.includes(file.type)
                  ? t("profile.avatarType")
                  : null;
            setClientError(problem);
            if (problem) event.preventDefault();
          }}
        >
          <div className="text-brand-dark">
            <Avatar src={user.headUrl} size={88} />
          </div>
          <label htmlFor="avatar-file" className="text-sm font-medium">
            {t("profile.avatar")}
          </label>
          {/* The browser's own file button speaks the phone's language, not the player's: the input
              is hidden and its label is the button. `required` makes it :valid once a picture is
              chosen, so the line under it changes without JavaScript (the form does not validate
              natively; the checks below and the server's say what is wrong, translated). */}
          <div className="flex w-full flex-col items-center gap-1">
            <input
              id="avatar-file"
              name="file"
              type="file"
              required
              accept={AVATAR_TYPES.join(",")}
              className="peer sr-only"
              aria-invalid={avatarError ? true : undefined}
              aria-describedby={avatarError ? "avatar-error" : "avatar-hint"}
              onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
            />
            <label
              htmlFor="avatar-file"
              className="btn-secondary inline-flex min-h-[44px] cursor-pointer items-center px-5 peer-focus-visible:ring-2 peer-focus-visible:ring-brand"
            >
              {t("profile.choosePicture")}
            </label>
            {chosen ? (
              // A long file name may end in an ellipsis; the words around it are whole.
              <p className={`${CHOSEN_LINE} truncate`} data-may-truncate>
                {chosen}
              </p>
            ) : (
              <>
                <p className={`${CHOSEN_LINE} peer-valid:hidden`}>{t("profile.noPicture")}</p>
                <p className={`${CHOSEN_LINE} hidden peer-valid:block`}>{t("profile.pictureChosen")}</p>
              </>
            )}
          </div>
          <p id="avatar-hint" className="text-xs text-gray-600 dark:text-gray-400">
            {t("profile.avatarHint", { mb: AVATAR_MAX_BYTES / 1024 / 1024 })}
          </p>
          <ErrorList id="avatar-error" errors={avatarError ? [avatarError] : null} alert />
          <SubmitButton className="btn-secondary w-full">{t("profile.upload")}</SubmitButton>
        </Form>

        <ProfileForm user={user} />
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
