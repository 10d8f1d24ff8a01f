import { useEffect, useState } from "react";

let hydrated = false;
/** False during the server render and the first client render, true afterwards. */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setValue(true);
  }, []);
  return value;
}
