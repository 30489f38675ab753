import { reviewMessages as t } from '../messages.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Choosing 1 to 5 stars: a radio group (native radios, so the arrow keys move between
 * them), each star labelled "1 star" … "5 stars", drawn as daisyUI's rating.
 */
export function StarRatingInput({
  name,
  value,
  onChange,
  legend,
  errorId,
  error,
  firstRef,
}: {
  name: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  legend: string;
  errorId: string;
  error?: string;
  firstRef?: React.Ref<HTMLInputElement>;
}) {
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1 font-medium">{legend}</legend>
      <div className="flex items-center gap-3">
        <div className="rating rating-lg">
          {STARS.map((n) => (
            <input
              key={n}
              ref={n === 1 ? firstRef : undefined}
              type="radio"
              name={name}
              value={n}
              aria-label={t.star(n)}
              className="mask mask-star-2 bg-warning focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              checked={value === n}
              onChange={() => onChange(n)}
            />
          ))}
        </div>
        {value !== undefined && (
          <span className="text-sm text-base-content/80" aria-hidden="true">
            {t.star(value)}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A review's stars, read only: one image with its words ("4 out of 5 stars"). */
export function StarRating({ rating }: { rating: number }) {
  return (
    <div className="flex gap-0.5" role="img" aria-label={t.stars(rating)}>
      {STARS.map((n) => (
        <div
          key={n}
          className={`mask mask-star-2 size-4 ${n <= rating ? 'bg-warning' : 'bg-base-content/20'}`}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}
