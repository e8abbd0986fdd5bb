// Date-times as staff read them: Asia/Shanghai, "YYYY-MM-DD HH:mm:ss".
import { formatDateTime } from "~/utils/dates";

export function shanghaiDateTime(iso: string | null | undefined): string {
  return formatDateTime(iso, { seconds: true }) ?? "";
}
