import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { useLocation, useNavigate } from 'react-router';
import { loginInputSchema, type LoginInput } from '@laptops/shared/auth';
import { useSignIn } from '../api/sign-in.ts';
import { loginMessages } from '../messages.ts';
import { returnPath } from '../return-to.ts';

/** The login form: email and password; afterwards back to where the visitor came from. */
export function LoginForm({ onEmailChange }: { onEmailChange?: (email: string) => void } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: async ({ user }) => {
        toast.success(loginMessages.success(user.name));
        // Lists show contact details to signed-in users: fetch them again.
        await queryClient.invalidateQueries();
        void navigate(returnPath(location.state, user.typeOfUser), { replace: true });
      },
      onError: (error) => toast.error(error.message),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div>
        <label htmlFor="login-email" className="mb-1 block font-medium">
          {loginMessages.email}
        </label>
        <input
          id="login-email"
          type="email"
          autoComplete="email"
          className="input w-full"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          {...register('email', {
            onChange: (event: { target: { value: string } }) => onEmailChange?.(event.target.value),
          })}
        />
        {errors.email && (
          <p id="login-email-error" className="mt-1 text-sm text-error">
            {errors.email.message}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="login-password" className="mb-1 block font-medium">
          {loginMessages.password}
        </label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          className="input w-full"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password')}
        />
        {errors.password && (
          <p id="login-password-error" className="mt-1 text-sm text-error">
            {errors.password.message}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-neutral w-full" disabled={signIn.isPending}>
        {signIn.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {loginMessages.submit}
      </button>
    </form>
  );
}
