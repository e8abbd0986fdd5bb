/** Only same-site paths: never an open redirect to another host. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/home"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
