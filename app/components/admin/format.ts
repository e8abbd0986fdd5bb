// Date-times as staff read them: Asia/Shanghai, "YYYY-MM-DD HH:mm:ss",
// computed without locale data so server and browser render the same text.
export function shanghaiDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "";
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}
