import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { resetRequestInputSchema, type ResetRequestInput } from '@laptops/shared/auth';
import { Field } from '../../../components/ui/form-field.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { authMessages } from '../messages.ts';

/**
 * The login page's 'Forgot password?' modal (email required). A native
 * <dialog> shown with showModal(), so focus stays inside and Escape closes it;
 * every way of closing it (Escape, backdrop, Cancel, success) reports onClose.
 */
export function ForgotPasswordModal({
  open,
  onClose,
  defaultEmail = '',
}: {
  open: boolean;
  onClose: () => void;
  defaultEmail?: string;
}) {
  const t = authMessages.forgotPassword;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ResetRequestInput>({
    resolver: zodResolver(resetRequestInputSchema),
    defaultValues: { email: defaultEmail },
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      reset({ email: defaultEmail });
      if (!dialog.open) dialog.showModal();
      // Not RHF's setFocus: reset() forgets the field refs until the next render.
      dialog.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
    } else if (dialog.open) {
      dialog.close();
    }
  }, [open, defaultEmail, reset]);

  const close = () => dialogRef.current?.close();

  // Built in the event handler (not during render), since it closes the dialog through the ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit((values) => {
      requestReset.mutate(values, {
        onSuccess: () => {
          toast.success(t.sent);
          close();
        },
        onError: (error) => toast.error(error.message),
      });
    })(event);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="forgot-password-title"
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id="forgot-password-title" className="mb-2 text-xl font-bold">
          {t.title}
        </h2>
        <p className="mb-4 text-sm text-base-content/70">{t.text}</p>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field
            label={t.email}
            error={errors.email?.message}
            inputProps={{
              type: 'email',
              autoComplete: 'email',
              className: 'input w-full',
              ...register('email'),
            }}
          />
          <div className="modal-action mt-2">
            <button type="button" className="btn btn-ghost" onClick={close}>
              {t.cancel}
            </button>
            <button type="submit" className="btn btn-neutral" disabled={requestReset.isPending}>
              {requestReset.isPending && (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              )}
              {t.submit}
            </button>
          </div>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          {t.close}
        </button>
      </form>
    </dialog>
  );
}
