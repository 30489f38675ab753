import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPasswordInputSchema } from '@laptops/shared/auth';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { authMessages } from '../messages.ts';

const t = authMessages.resetPassword;

const resetPasswordFormSchema = newPasswordInputSchema
  .extend({ confirmPassword: z.string().min(1, t.confirmRequired) })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: t.mismatch,
  });
type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

const cardClass =
  'mx-auto my-8 w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8';

/**
 * Where the emailed reset link lands: `/reset-password?token=...`, or
 * `?error=INVALID_TOKEN` when the provider already knows the link is bad.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const error = searchParams.get('error');

  if (!token || error) {
    return (
      <section className={cardClass}>
        <h1 className="mb-4 text-center text-2xl font-bold">{t.title}</h1>
        <div role="alert" className="alert alert-error alert-soft">
          <span>{t.invalidLink}</span>
        </div>
        <p className="mt-4 text-sm text-base-content/70">{t.invalidLinkHint}</p>
        <Link to={paths.login.getHref()} className="btn btn-neutral mt-6 w-full">
          {t.backToLogin}
        </Link>
      </section>
    );
  }

  return (
    <section className={cardClass}>
      <h1 className="mb-6 text-center text-2xl font-bold">{t.title}</h1>
      <ResetPasswordForm token={token} />
    </section>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ newPassword }) => {
    resetPassword.mutate(
      { newPassword, token },
      {
        onSuccess: () => {
          toast.success(t.changed);
          void navigate(paths.login.getHref(), { replace: true });
        },
        onError: (error) => toast.error(error.message),
      },
    );
  });

  const field = (name: keyof ResetPasswordFormValues) => ({
    id: `reset-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `reset-${name}-error` : undefined,
    ...register(name),
  });

  const fieldError = (name: keyof ResetPasswordFormValues) =>
    errors[name] && (
      <p id={`reset-${name}-error`} className="mt-1 text-sm text-error">
        {errors[name].message}
      </p>
    );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div>
        <label htmlFor="reset-newPassword" className="mb-1 block font-medium">
          {t.newPassword}
        </label>
        <input
          type="password"
          autoComplete="new-password"
          className="input w-full"
          {...field('newPassword')}
        />
        {fieldError('newPassword')}
      </div>
      <div>
        <label htmlFor="reset-confirmPassword" className="mb-1 block font-medium">
          {t.confirmPassword}
        </label>
        <input
          type="password"
          autoComplete="new-password"
          className="input w-full"
          {...field('confirmPassword')}
        />
        {fieldError('confirmPassword')}
      </div>
      <button type="submit" className="btn btn-neutral w-full" disabled={resetPassword.isPending}>
        {resetPassword.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {t.submit}
      </button>
    </form>
  );
}
