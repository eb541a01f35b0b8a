/** The markup of a status badge, shared by StatusBadge and the compact rows of DataTable. */
export function StatusBadgeView({
  variant,
  status,
  text,
  className,
}: {
  variant: string;
  status: string;
  text: string;
  className?: string;
}) {
  return (
    <span
      className={`badge text-bg-${variant} ${className ?? ''}`.trim()}
      data-status={status}
      data-testid="status-badge"
    >
      {text}
    </span>
  );
}
