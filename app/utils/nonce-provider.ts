import { createContext, useContext } from "react";

/** The per-request CSP nonce, rendered on Remix's inline scripts. Empty in the browser. */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
