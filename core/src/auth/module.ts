import type { CoreModule } from "../platform/module";
import { authRoutes, smsRoutes } from "./routes";

/** Sign-in, registration, password reset and sign-out, with the SMS codes they need. */
export const authModule: CoreModule = {
  name: "auth",
  routes(app) {
    authRoutes(app);
    smsRoutes(app);
  },
};
