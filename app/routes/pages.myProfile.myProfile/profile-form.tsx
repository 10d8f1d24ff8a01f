import { type SubmissionResult, getFormProps, getSelectProps } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { ErrorList, Field, SubmitButton, useKitForm } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";

/** Nickname and sex: the profile page's kit form (loaded after first paint by the route). */
export function ProfileForm({
  user,
}: {
  user: { nickName?: string | null; sex?: number | string | null; phone?: string | null };
}) {
  const { t } = useTranslation("account");
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useKitForm({
    id: "profile",
    schemas: () => import("~/utils/forms"),
    schema: (m) => m.profileSchema,
    lastResult: actionData?.result,
    defaultValue: { nickName: user.nickName ?? "", sex: String(user.sex ?? 0) },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-4">
      {/* `hidden`: space-y skips it, so the first field gets no top margin. */}
      <input type="hidden" name="intent" value="profile" hidden />
      <Field
        label={t("profile.nickname")}
        meta={fields.nickName}
        inputProps={{ maxLength: 20, autoComplete: "nickname" }}
      />
      <div className="space-y-1">
        <label htmlFor={fields.sex.id} className="block text-sm font-medium">
          {t("profile.sex")}
        </label>
        <select {...getSelectProps(fields.sex)} key={fields.sex.key} className="input">
          <option value="0">{t("profile.sexUnknown")}</option>
          <option value="1">{t("profile.sexMale")}</option>
          <option value="2">{t("profile.sexFemale")}</option>
        </select>
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {t("common:labelled", { label: t("profile.phone") })} <span className="font-mono">{user.phone}</span>
      </p>
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <SubmitButton>{t("profile.save")}</SubmitButton>
    </Form>
  );
}
