/**
 * Five stars filled to `value` (4.5 fills four and a half): a picture for sighted
 * readers; `label` says the same in words for everyone else.
 */
export function Stars({
  value,
  label,
  className = '',
}: {
  value: number;
  label: string;
  className?: string;
}) {
  const filled = Math.max(0, Math.min(5, value));
  return (
    <span
      role="img"
      aria-label={label}
      className={`relative inline-block leading-none tracking-tight whitespace-nowrap ${className}`}
    >
      <span aria-hidden="true" className="text-base-content/20">
        ★★★★★
      </span>
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 overflow-hidden text-amber-500"
        style={{ width: `${filled * 20}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}
