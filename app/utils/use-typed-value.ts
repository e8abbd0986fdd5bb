import { useEffect, useRef } from "react";

/**
 * For a controlled input the server rendered: keeps what was typed before the
 * page's script ran. React leaves the input's text alone while hydrating, but
 * the first render after it would put the server's value back (on a slow
 * phone a customer can type a whole search before the script arrives). On
 * mount, a value in the input that differs from `value` is adopted.
 */
export function useTypedValue(value: string, setValue: (typed: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) setValue(typed);
    // Once, on mount: later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
