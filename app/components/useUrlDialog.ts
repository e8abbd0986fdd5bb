// The one behaviour of every URL-addressed dialog (booking steps, data and
// admin dialogs): the server renders a native <dialog open> so a plain link
// works without JavaScript; with JavaScript it is re-opened as a real modal
// (focus trap, inert page) and Escape navigates to the URL without the dialog.
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";

export function useUrlDialog(closeTo: string, options: { replace?: boolean } = {}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { replace = false } = options;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    // Rendered open (non-modal) by the server: re-open as a modal.
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      navigate(closeTo, { preventScrollReset: true, replace });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, [navigate, closeTo, replace]);
  return ref;
}
