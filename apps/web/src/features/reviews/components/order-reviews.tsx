import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_REPLY_MAX,
  reviewReplyBodySchema,
  writeReviewBodySchema,
  type OrderReview,
  type OrderReviews,
} from '@laptops/shared/reviews';
import { TextareaField } from '../../../components/ui/form-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useOrderReviews } from '../api/get-order-reviews.ts';
import { useReplyToReview } from '../api/reply-to-review.ts';
import { useWriteReview } from '../api/write-review.ts';
import { reviewMessages as t } from '../messages.ts';
import { StarRating, StarRatingInput } from './stars.tsx';

const card = 'rounded-box border border-base-300 bg-base-100 p-5 shadow-sm';
const DAY_MS = 24 * 60 * 60 * 1000;
const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * A completed deal's reviews on its order page: the viewer's form while the window is
 * open, their sealed review, then both once published, with the reply to the review
 * of the viewer. Drawn only for a completed deal (the page decides).
 */
export function OrderReviewsPanel({ orderId }: { orderId: string }) {
  const reviews = useOrderReviews(orderId);
  if (reviews.isPending) return null;
  if (reviews.isError) {
    return (
      <section className={card} aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className="text-lg font-semibold">
          {t.heading}
        </h2>
        <p className="mt-1 text-sm">{t.loadFailed}</p>
        <button type="button" className="btn btn-sm mt-3" onClick={() => void reviews.refetch()}>
          {t.retry}
        </button>
      </section>
    );
  }
  if (!reviews.data.completed) return null;
  return <ReviewsView orderId={orderId} state={reviews.data} />;
}

function ReviewsView({ orderId, state }: { orderId: string; state: OrderReviews }) {
  const other = state.otherName;
  // The page's own moment: the days left count from when it was drawn.
  const [now] = useState(() => Date.now());
  const heading = state.canWrite ? t.writeHeading[state.viewerRole] : t.heading;
  const daysLeft = state.windowClosesAt
    ? Math.ceil((new Date(state.windowClosesAt).getTime() - now) / DAY_MS)
    : 0;
  const published = state.mine?.published || state.theirs !== null;

  return (
    <section className={card} aria-labelledby="reviews-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="reviews-heading" className="text-lg font-semibold">
          {heading}
        </h2>
        {state.canWrite && (
          <p className="text-sm font-medium text-base-content/80">{t.daysLeft(daysLeft)}</p>
        )}
      </div>

      {state.canWrite && (
        <>
          {state.theyWrote && (
            <div role="status" className="alert alert-info alert-soft mt-3 text-base-content">
              {t.nudge(other)}
            </div>
          )}
          <p className="mt-2 text-sm text-base-content/80">{t.intro(other)}</p>
          <WriteReviewForm orderId={orderId} />
        </>
      )}

      {state.mine && !state.mine.published && state.windowClosesAt && (
        <div className="mt-3 flex flex-col gap-3">
          <p role="status" className="alert alert-soft text-base-content">
            {t.sealed(other, longDate.format(new Date(state.windowClosesAt)))}
          </p>
          <ReviewBlock title={t.yours(other)} review={state.mine} />
        </div>
      )}

      {published && (
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          {state.theirs ? (
            <ReviewBlock title={t.theirs(other)} review={state.theirs}>
              {state.canReply && <ReplyForm orderId={orderId} reviewId={state.theirs._id} />}
            </ReviewBlock>
          ) : (
            !state.canWrite &&
            !state.theyWrote && (
              <p className="text-sm text-base-content/80">{t.theyDidNotWrite(other)}</p>
            )
          )}
          {state.mine && <ReviewBlock title={t.yours(other)} review={state.mine} />}
        </div>
      )}

      {!state.canWrite && !state.mine && !published && (
        <p className="mt-2 text-sm text-base-content/80">
          {state.theyWrote ? t.closed : `${t.closed} ${t.noReviews}`}
        </p>
      )}
      {!state.canWrite && !state.mine && published && (
        <p className="mt-3 text-sm text-base-content/80">{t.closed}</p>
      )}
    </section>
  );
}

/** One review: who wrote it about whom, the stars, the words, and any reply. */
function ReviewBlock({
  title,
  review,
  children,
}: {
  title: string;
  review: OrderReview;
  children?: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-box bg-base-200/60 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} className="font-semibold">
          {title}
        </h3>
        <time className="text-xs text-base-content/70" dateTime={review.createdAt}>
          {shortDate.format(new Date(review.createdAt))}
        </time>
      </div>
      <StarRating rating={review.rating} />
      <p className="text-sm whitespace-pre-line wrap-anywhere">{review.body}</p>
      {review.hidden && <p className="text-sm text-warning-content/90 italic">{t.hidden}</p>}
      {review.reply && (
        <div className="mt-1 border-l-4 border-base-300 pl-3">
          <p className="text-xs font-semibold text-base-content/80">
            {t.replyFrom(review.subjectName)}
          </p>
          <p className="text-sm whitespace-pre-line wrap-anywhere">{review.reply}</p>
        </div>
      )}
      {children}
    </article>
  );
}

type WriteErrors = { rating?: string; body?: string };

function WriteReviewForm({ orderId }: { orderId: string }) {
  const write = useWriteReview(orderId);
  const ids = useId();
  const [rating, setRating] = useState<number>();
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<WriteErrors>({});
  const firstStar = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const showErrors = (found: WriteErrors) => {
    setErrors(found);
    if (found.rating) firstStar.current?.focus();
    else if (found.body) bodyRef.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (write.isPending) return;
    const input = writeReviewBodySchema.safeParse({ rating, body });
    if (!input.success) {
      const found: WriteErrors = {};
      for (const issue of input.error.issues) {
        const key = issue.path[0];
        if (key === 'rating' || key === 'body') found[key] ??= issue.message;
      }
      return showErrors(found);
    }
    setErrors({});
    write.mutate(input.data, {
      onSuccess: () => toast.success(t.written),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields) {
          showErrors({ rating: error.fields.rating, body: error.fields.body });
        }
        toast.error(error.message);
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 grid gap-4"
      aria-busy={write.isPending || undefined}
    >
      <StarRatingInput
        name={`${ids}-rating`}
        legend={t.rating}
        value={rating}
        onChange={(value) => {
          setRating(value);
          setErrors((shown) => ({ ...shown, rating: undefined }));
        }}
        errorId={`${ids}-rating-error`}
        error={errors.rating}
        firstRef={firstStar}
      />
      <TextareaField
        label={t.body}
        hint={t.bodyHint(REVIEW_BODY_MIN, REVIEW_BODY_MAX)}
        error={errors.body}
        textareaProps={{
          ref: bodyRef,
          className: 'textarea w-full',
          rows: 4,
          maxLength: REVIEW_BODY_MAX,
          value: body,
          onChange: (event) => {
            setBody(event.currentTarget.value);
            if (errors.body) setErrors((shown) => ({ ...shown, body: undefined }));
          },
        }}
      />
      <div>
        <button
          type="submit"
          className="btn btn-primary w-full sm:w-auto"
          disabled={write.isPending}
        >
          {write.isPending ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}

function ReplyForm({ orderId, reviewId }: { orderId: string; reviewId: string }) {
  const reply = useReplyToReview(orderId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const textRef = useRef<HTMLTextAreaElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reply.isPending) return;
    const input = reviewReplyBodySchema.safeParse({ reply: text });
    if (!input.success) {
      setError(input.error.issues[0]?.message);
      textRef.current?.focus();
      return;
    }
    setError(undefined);
    reply.mutate(
      { reviewId, ...input.data },
      {
        onSuccess: () => toast.success(t.replied),
        onError: (failure) => toast.error(failure.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-2">
      <TextareaField
        label={t.replyLabel}
        labelClassName="mb-1 block text-sm font-medium"
        hint={t.replyHint(REVIEW_REPLY_MAX)}
        error={error}
        textareaProps={{
          ref: textRef,
          className: 'textarea textarea-sm w-full bg-base-100',
          rows: 3,
          maxLength: REVIEW_REPLY_MAX,
          value: text,
          onChange: (event) => {
            setText(event.currentTarget.value);
            if (error) setError(undefined);
          },
        }}
      />
      <div>
        <button type="submit" className="btn btn-sm btn-outline" disabled={reply.isPending}>
          {reply.isPending ? t.submitting : t.replySubmit}
        </button>
      </div>
    </form>
  );
}
