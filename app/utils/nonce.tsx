import { createContext, useContext } from "react";

// The CSP nonce of this response (server only; the browser hides it, so the
// client renders an empty string, which React leaves alone on hydration).
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
