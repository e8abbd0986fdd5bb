// The count badge of a back-office tab.

/** The badge of a tab: at most 9999, beyond that "9999+" (spec 9). */
export function badgeText(count: number): string {
  return count > 9999 ? "9999+" : String(count);
}

export function Badge({ count, label }: { count: number; label?: string }) {
  return (
    <span className="admin-badge" aria-label={label}>
      {badgeText(count)}
    </span>
  );
}
