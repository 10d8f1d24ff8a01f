import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/i18n-react";

export interface ClientToast {
  id: string;
  type: "success" | "error" | "info";
  message: string;
}
const EVENT = "app:toast";
/** Default display time (spec section 9: helper default 2000 ms). */
const TOAST_MS = 2000;

/** Shows a toast from client code (copy button, client-side checks). */
export function showToast(message: string, type: ClientToast["type"] = "info") {
  window.dispatchEvent(
    new CustomEvent<ClientToast>(EVENT, { detail: { id: crypto.randomUUID(), type, message } }),
  );
}

/**
 * Renders the flash toast from the root loader and client toasts. Without JS a server toast
 * simply stays on the page it was flashed to.
 */
export function Toasts({ toast }: { toast: ClientToast | null }) {
  const { t } = useTranslation("common");
  const [items, setItems] = useState<ClientToast[]>(toast ? [toast] : []);

  useEffect(() => {
    if (toast) setItems((list) => (list.some((i) => i.id === toast.id) ? list : [...list, toast]));
  }, [toast]);

  useEffect(() => {
    const onToast = (event: Event) =>
      setItems((list) => [...list, (event as CustomEvent<ClientToast>).detail]);
    window.addEventListener(EVENT, onToast);
    return () => window.removeEventListener(EVENT, onToast);
  }, []);

  useEffect(() => {
    if (items.length === 0) return;
    const timer = setTimeout(() => setItems((list) => list.slice(1)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [items]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 z-toast flex flex-col items-center gap-2 px-4"
    >
      {items.map((item) => (
        <p
          key={item.id}
          className={`max-w-sm rounded-lg px-4 py-2 text-center text-sm font-medium text-white shadow-lg ${
            item.type === "error" ? "bg-red-700" : item.type === "success" ? "bg-green-700" : "bg-gray-800"
          }`}
        >
          {t(item.message, { defaultValue: item.message })}
        </p>
      ))}
    </div>
  );
}
