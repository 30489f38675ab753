/**
 * A round user picture, or the initials when there is none. `decorative` when the name
 * is written beside it, so screen readers do not read it twice.
 */
export function Avatar({
  name,
  image,
  size = 40,
  decorative = false,
}: {
  name: string;
  image?: string | null;
  size?: number;
  decorative?: boolean;
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span
      className="inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-content"
      style={{ width: size, height: size, fontSize: Math.max(14, Math.round(size * 0.35)) }}
    >
      {image ? (
        <img
          src={image}
          alt={decorative ? '' : name}
          width={size}
          height={size}
          className="h-full w-full object-cover"
        />
      ) : decorative ? (
        <span aria-hidden="true">{initials}</span>
      ) : (
        <span aria-label={name}>{initials}</span>
      )}
    </span>
  );
}
