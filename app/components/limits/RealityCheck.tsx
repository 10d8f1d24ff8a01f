import { Form } from "@remix-run/react";
import { useRef } from "react";
import { SubmitButton } from "~/components/form-parts";
import { PAGES } from "~/utils/paths";
import { useModalFocus } from "~/utils/use-modal-focus";

interface Reality {
  title: string;
  played: string;
  net: string;
  continueLabel: string;
  stopLabel: string;
}

/**
 * The reality check of the game page (player protection): time played in this session and the
 * net result, with "continue" and "stop playing" (the existing logout). Plain markup and two
 * forms: it works without JavaScript at the next page load. With JavaScript it takes focus and
 * keeps Tab inside until one is chosen (no Escape: it asks for an answer).
 */
export function RealityCheck({ reality, back }: { reality: Reality; back: string }) {
  const ref = useRef<HTMLElement>(null);
  useModalFocus(ref);
  return (
    <div className="fixed inset-0 z-[10080] flex items-end justify-center bg-black/60 sm:items-center">
      <section
        ref={ref}
        tabIndex={-1}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reality-title"
        data-testid="reality-check"
        className="w-full max-w-md space-y-3 rounded-t-2xl bg-white p-5 outline-none text-gray-900 shadow-xl dark:bg-gray-900 dark:text-gray-100 sm:rounded-2xl"
      >
        <h2 id="reality-title" className="text-lg font-bold">
          {reality.title}
        </h2>
        <p>{reality.played}</p>
        <p className="font-semibold">{reality.net}</p>
        <div className="flex flex-wrap gap-2">
          {/* One button, nothing to check: a plain form (decision 036), no form code to fetch. */}
          <Form method="post" action={PAGES.responsiblePlay} className="flex-1">
            <input type="hidden" hidden name="intent" value="continue" />
            <input type="hidden" hidden name="back" value={back} />
            <input type="hidden" hidden name="form" value="reality-continue" />
            <SubmitButton>{reality.continueLabel}</SubmitButton>
          </Form>
          <Form method="post" action="/logout" className="flex-1">
            <button
              type="submit"
              className="btn w-full border border-red-600 text-red-700 dark:border-red-400 dark:text-red-300"
            >
              {reality.stopLabel}
            </button>
          </Form>
        </div>
      </section>
    </div>
  );
}
