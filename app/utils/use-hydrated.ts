import { startTransition, useEffect, useState } from "react";

let hydrated = false;
/**
 * False during the server render and the first client render, true afterwards. The change is a
 * transition: a part of the page still waiting for its code (a popup the server drew) is then
 * hydrated first instead of being dropped and drawn again (React error #421).
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    startTransition(() => setValue(true));
  }, []);
  return value;
}
