/** A heart, drawn on a 24 × 24 grid. */
export const heartPath =
  'M12 20s-8-4.7-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.3 12 20 12 20z';

/**
 * The heart that saves a laptop (Saved laptops) or removes it: a toggle button, pressed
 * when saved, named after the laptop. An inline path: Home's cards carry it. Its label
 * comes from the caller, which has its texts already (a card's, the laptop page's).
 */
export function SaveHeart({
  label,
  saved,
  onToggle,
  className = '',
}: {
  /** "Save <laptop>" or "Remove <laptop> from saved", as `saved` says. */
  label: string;
  saved: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={label}
      onClick={onToggle}
      className={`btn btn-circle border-base-300 bg-base-100 text-error shadow-sm ${className}`}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          d={heartPath}
        />
      </svg>
    </button>
  );
}
