import { parseWithZod } from "@conform-to/zod";
import { loginSchema, registerSchema } from "~/utils/forms";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

test("login takes exactly the documented fields areaCode, phone and password", () => {
  const submission = parseWithZod(form({ areaCode: "91", phone: "9000000001", password: "demo1234" }), {
    schema: loginSchema,
  });
  expect(submission.status).toBe("success");
});

test("register reports mismatched passwords even while other fields are invalid", () => {
  const submission = parseWithZod(
    form({
      intent: "register",
      areaCode: "91",
      phone: "",
      password: "secret12",
      confirmPassword: "secret13",
    }),
    { schema: registerSchema },
  );
  expect(submission.status).toBe("error");
  const errors = submission.reply().error ?? {};
  expect(errors.confirmPassword).toEqual(["validation.passwordsMismatch"]);
  expect(errors.phone).toBeDefined();
});

test("register succeeds when everything is valid and the passwords match", () => {
  const submission = parseWithZod(
    form({
      intent: "register",
      areaCode: "91",
      phone: "9000000077",
      smsCode: "123456",
      password: "secret12",
      confirmPassword: "secret12",
      ageConfirmed: "on",
    }),
    { schema: registerSchema },
  );
  expect(submission.status).toBe("success");
});
