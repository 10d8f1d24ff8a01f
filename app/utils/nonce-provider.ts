import { createContext, useContext } from "react";

/** The per-request CSP nonce, rendered on Remix's inline scripts. Empty in the browser. */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

/**
 * The page's start-up script (components/start-scripts.server.ts), given by the server: its
 * source stays out of the browser's JavaScript. Empty in the browser.
 */
const StartScriptContext = createContext<string>("");
export const StartScriptProvider = StartScriptContext.Provider;
export const useStartScript = () => useContext(StartScriptContext);
