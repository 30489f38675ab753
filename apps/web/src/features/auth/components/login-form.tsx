import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { useLocation, useNavigate } from 'react-router';
import { loginInputSchema, type LoginInput } from '@laptops/shared/auth';
import { Field } from '../../../components/ui/form-field.tsx';
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
      <Field
        label={loginMessages.email}
        error={errors.email?.message}
        inputProps={{
          type: 'email',
          autoComplete: 'email',
          className: 'input w-full',
          ...register('email', {
            onChange: (event: { target: { value: string } }) => onEmailChange?.(event.target.value),
          }),
        }}
      />
      <Field
        label={loginMessages.password}
        error={errors.password?.message}
        inputProps={{
          type: 'password',
          autoComplete: 'current-password',
          className: 'input w-full',
          ...register('password'),
        }}
      />
      <button type="submit" className="btn btn-neutral w-full" disabled={signIn.isPending}>
        {signIn.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {loginMessages.submit}
      </button>
    </form>
  );
}
