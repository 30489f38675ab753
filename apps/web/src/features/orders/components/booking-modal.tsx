import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import toast from 'react-hot-toast/headless';
import type { z } from 'zod';
import { bookingMessages as bookingRules } from '@laptops/shared/messages';
import { bookingFieldsSchema, type BookingFields } from '@laptops/shared/orders';
import type { Product } from '@laptops/shared/products';
import { paths } from '../../../config/paths.ts';
import { Field } from '../../../components/ui/form-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatPrice, truncate } from '../../../lib/format.ts';
import { bookingMessages } from '../messages.ts';
import { useBookProduct } from '../api/book-product.ts';
import { useMyOrders } from '../api/get-my-orders.ts';

/** The booking modal shows the product name up to 22 characters. */
export const BOOKING_NAME_LENGTH = 22;

/** The product's details, shown in the form but not sent with it. */
const readOnlyProps = {
  type: 'text',
  className: 'input w-full bg-base-200 placeholder:text-base-content/75',
  readOnly: true,
  'aria-readonly': 'true',
} as const;

type FormInput = z.input<typeof bookingFieldsSchema>;
type FieldName = keyof BookingFields;

/** The original calls' names for the same two fields, should the server use them. */
const serverFieldNames: Record<string, FieldName> = {
  meetingLocation: 'meetingLocation',
  sellerLocation: 'meetingLocation',
  buyerPhone: 'buyerPhone',
  sellerMobileNumber: 'buyerPhone',
};

/**
 * The booking modal, for a signed-in buyer (a guest is asked to log in before it
 * opens): the laptop's name (22 characters), seller and price read-only; meeting
 * location and phone number required. Once booked it offers the payment page at once.
 * Open while `product` is set; every way of closing it (Escape, backdrop, Cancel,
 * Later) reports onClose. A refusal (sold, one's own, booked already) is told in a
 * toast and the modal stays open.
 */
export function BookingModal({
  product,
  onClose,
}: {
  product: Product | null;
  onClose: () => void;
}) {
  if (!product) return null;
  return <BookingDialog key={product._id} product={product} onClose={onClose} />;
}

function BookingDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const t = bookingMessages;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const book = useBookProduct();
  const sending = book.isPending;
  // A buyer books a laptop once: say so before they fill the form in again.
  const myOrders = useMyOrders();
  const booking = myOrders.data?.find(
    (order) => order.productId === product._id && order.status === 'unpaid',
  );
  const bookedId = book.data?.insertedId;
  const blockedBy = booking ? `${ids}-booked` : undefined;
  const payRef = useRef<HTMLAnchorElement>(null);
  // Once booked, the next step is paying: the dialog offers it, focused.
  useEffect(() => {
    if (bookedId) payRef.current?.focus();
  }, [bookedId]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<FormInput, unknown, BookingFields>({
    resolver: zodResolver(bookingFieldsSchema),
    defaultValues: { meetingLocation: '', buyerPhone: '' },
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    setFocus('meetingLocation');
    // No close() on unmount: a removed dialog leaves the top layer by itself.
  }, [setFocus]);

  const close = () => {
    if (!sending) dialogRef.current?.close();
  };

  /** Puts the server's field errors on their fields, focusing the first. */
  const showFieldErrors = (error: Error) => {
    if (!(error instanceof ApiRequestError) || !error.fields) return;
    let first = true;
    for (const [key, message] of Object.entries(error.fields)) {
      const name = serverFieldNames[key];
      if (!name) continue;
      setError(name, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  };

  // Built in the event handler (not during render), since it closes the dialog through the ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit((fields) => {
      if (blockedBy || sending) return;
      book.mutate(
        { productId: product._id, ...fields },
        {
          onSuccess: () => toast.success(t.success),
          onError: (error) => {
            showFieldErrors(error);
            toast.error(error.message);
          },
        },
      );
    })(event);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${ids}-title`}
      aria-busy={sending || undefined}
      onCancel={(event) => {
        // Escape while the booking is being sent: wait for the answer.
        if (sending) event.preventDefault();
      }}
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id={`${ids}-title`} className="mb-4 text-xl font-bold">
          {bookedId ? t.bookedTitle : t.title}
        </h2>
        {bookedId ? (
          <div className="grid gap-4">
            <p>{t.bookedText(product.name)}</p>
            <div className="modal-action mt-2">
              <button type="button" className="btn btn-ghost" onClick={close}>
                {t.later}
              </button>
              <Link
                ref={payRef}
                to={paths.dashboard.payment.getHref(bookedId)}
                className="btn btn-primary"
              >
                {t.payNow}
              </Link>
            </div>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <Field
              label={t.productName}
              inputProps={{
                ...readOnlyProps,
                value: truncate(product.name, BOOKING_NAME_LENGTH),
                title: product.name,
              }}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t.seller}
                inputProps={{ ...readOnlyProps, value: product.sellerName }}
              />
              <Field
                label={t.price}
                inputProps={{ ...readOnlyProps, value: formatPrice(product.resalePrice) }}
              />
            </div>
            <Field
              label={t.meetingLocation}
              error={errors.meetingLocation?.message}
              errorBesideLabel
              hint={t.meetingLocationHint}
              inputProps={{
                type: 'text',
                autoComplete: 'address-level2',
                maxLength: 200,
                className: 'input w-full',
                ...register('meetingLocation'),
              }}
            />
            <Field
              label={t.phone}
              error={errors.buyerPhone?.message}
              errorBesideLabel
              hint={t.phoneHint}
              inputProps={{
                type: 'tel',
                autoComplete: 'tel',
                maxLength: 30,
                className: 'input w-full',
                ...register('buyerPhone'),
              }}
            />
            {/* Body text colour: daisyUI's soft info text is below 4.5:1 on its tint. */}
            {booking && (
              <div className="alert alert-soft alert-info flex flex-wrap justify-between text-sm text-base-content">
                <p id={`${ids}-booked`}>{bookingRules.alreadyBooked}</p>
                <Link
                  to={paths.dashboard.payment.getHref(booking._id)}
                  className="btn btn-sm btn-primary"
                >
                  {t.payNow}
                </Link>
              </div>
            )}
            <div className="modal-action mt-2">
              <button type="button" className="btn btn-ghost" onClick={close} disabled={sending}>
                {t.cancel}
              </button>
              <button
                type="submit"
                className="btn btn-primary"
                disabled={blockedBy !== undefined || sending}
                aria-describedby={blockedBy}
              >
                {sending && (
                  <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                )}
                {t.submit}
              </button>
            </div>
          </form>
        )}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} disabled={sending}>
          {t.close}
        </button>
      </form>
    </dialog>
  );
}
