import type { CoreModule } from "../platform/module";
import { MESSAGE_COMMANDS } from "./admin";
import { messageRoutes } from "./routes";
import { seedNotices } from "./seed";

/** Notices for everybody and messages for one player, with what each player has read. */
export const messagesModule: CoreModule = {
  name: "messages",
  routes: messageRoutes,
  adminCommands: MESSAGE_COMMANDS,
  seed: seedNotices,
};
