// The one behaviour of every URL-addressed dialog (booking steps, data and
// admin dialogs): the server renders a native <dialog open> so a plain link
// works without JavaScript; with JavaScript it is re-opened as a real modal
// (focus trap, inert page) and Escape navigates to the URL without the dialog.
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** The field a dialog starts in: one marked autofocus, else its first field; never the × of its header. */
export function firstField(dialog: HTMLElement): HTMLElement | null {
  const marked = dialog.querySelector<HTMLElement>("[autofocus], [data-autofocus]");
  if (marked) return marked;
  const fields = dialog.querySelectorAll<HTMLElement>(
    "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])",
  );
  return [...fields].find((field) => !field.closest("header")) ?? null;
}

/**
 * `onCancel`: what Escape does instead of navigating to `closeTo` (a delete
 * confirmation posts its cancel, so 已取消删除 shows however it is closed).
 */
export function useUrlDialog(closeTo: string, options: { replace?: boolean; onCancel?: () => void } = {}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { replace = false } = options;
  const cancelRef = useRef(options.onCancel);
  cancelRef.current = options.onCancel;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    // Rendered open (non-modal) by the server: re-open as a modal.
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
      // showModal focuses the first focusable element, the ×: start in the first field instead.
      firstField(dialog)?.focus();
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (cancelRef.current) cancelRef.current();
      else navigate(closeTo, { preventScrollReset: true, replace });
    };
    // A press on a link or button keeps the focus where it is: otherwise the
    // field it leaves validates on blur, its message pushes the dialog's
    // buttons down between press and release, and the click is lost (cancel
    // or save then needs a second click). The click itself still happens.
    const onPress = (event: MouseEvent) => {
      if (event.button === 0 && event.target instanceof Element && event.target.closest("a[href], button")) event.preventDefault();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("mousedown", onPress);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("mousedown", onPress);
    };
  }, [navigate, closeTo, replace]);
  return ref;
}
