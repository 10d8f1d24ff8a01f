import { useEffect, useState } from "react";
import { useTranslation } from "~/utils/i18n-react";

interface ClientToast {
  id: string;
  type: "success" | "error" | "info";
  message: string;
}
const EVENT = "app:toast";
/**
 * Display time (spec: toast default 1500 ms), then a 300 ms fade: the `toast` CSS animation
 * (app/tailwind.css) hides it, with or without JS; with JS the item is then removed.
 */
const TOAST_MS = 1500;
const FADE_MS = 300;

let shown = 0;
/**
 * Shows a toast from browser code. Its id is a counter, not crypto.randomUUID(): that exists only
 * in secure contexts, and a phone may open the app over plain http by its LAN address.
 */
export function showToast(message: string, type: ClientToast["type"] = "info") {
  shown += 1;
  window.dispatchEvent(new CustomEvent<ClientToast>(EVENT, { detail: { id: `c${shown}`, type, message } }));
}

/**
 * Renders the flash toast from the root loader and client toasts, at the bottom of the screen
 * above the tab bar. Without JS a server toast fades out by CSS after 1.5 s.
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

  const remove = (id: string) => setItems((list) => list.filter((i) => i.id !== id));
  // Removal when the fade-out ends; the timer is a backstop (say, animations are paused).
  useEffect(() => {
    if (items.length === 0) return;
    const first = items[0].id;
    const timer = setTimeout(
      () => setItems((list) => list.filter((i) => i.id !== first)),
      TOAST_MS + FADE_MS + 500,
    );
    return () => clearTimeout(timer);
  }, [items]);

  return (
    <div
      aria-live="polite"
      data-testid="toasts"
      className="toast-stack pointer-events-none fixed inset-x-0 z-toast flex flex-col items-center gap-2 px-4"
    >
      {items.map((item) => (
        <p
          key={item.id}
          onAnimationEnd={() => remove(item.id)}
          className={`toast max-w-sm rounded-lg px-4 py-2 text-center text-sm font-medium text-white shadow-lg ${
            item.type === "error" ? "bg-red-700" : item.type === "success" ? "bg-green-700" : "bg-gray-800"
          }`}
        >
          {t(item.message, { defaultValue: item.message })}
        </p>
      ))}
    </div>
  );
}
