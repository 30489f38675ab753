import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPasswordInputSchema } from '@laptops/shared/auth';
import { Field } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../../../features/auth/api/reset-password.ts';
import { authMessages } from '../../../features/auth/messages.ts';

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
        <div role="alert" className="alert alert-error">
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

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field
        label={t.newPassword}
        error={errors.newPassword?.message}
        inputProps={{
          type: 'password',
          autoComplete: 'new-password',
          className: 'input w-full',
          ...register('newPassword'),
        }}
      />
      <Field
        label={t.confirmPassword}
        error={errors.confirmPassword?.message}
        inputProps={{
          type: 'password',
          autoComplete: 'new-password',
          className: 'input w-full',
          ...register('confirmPassword'),
        }}
      />
      <button type="submit" className="btn btn-neutral w-full" disabled={resetPassword.isPending}>
        {resetPassword.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {t.submit}
      </button>
    </form>
  );
}
