import { parse } from "@conform-to/react";
import { useEffect } from "react";
import type { LoginChecks } from "./login-validation";

let checks: LoginChecks | undefined;
let loading: Promise<void> | undefined;

/** Loads the login page's checks (login-validation.ts) once; a failed load is tried again later. */
function loadChecks(): Promise<void> {
  loading ??= import("./login-validation").then(
    (module) => {
      checks = module.loginChecks;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** Starts loading the checks once the form has hydrated. */
export function useLoginChecks(): void {
  useEffect(() => {
    void loadChecks();
  }, []);
}

/**
 * The form's `onValidate`: the schema's check once loaded; until then (a moment after hydration)
 * nothing is refused in the browser and the server's check answers, as without JavaScript.
 */
export function checkWith<K extends keyof LoginChecks>(form: K) {
  return ({ formData }: { formData: FormData }): ReturnType<LoginChecks[K]> => {
    if (checks) return checks[form](formData) as ReturnType<LoginChecks[K]>;
    void loadChecks();
    return parse(formData, { resolve: (value) => ({ value }) }) as ReturnType<LoginChecks[K]>;
  };
}
