import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAuthOptions } from '../../../features/auth/api/get-auth-options.ts';
import { forgetSession } from '../../../features/auth/api/forget-session.ts';
import { useSignInWithGoogle } from '../../../features/auth/api/sign-in-with-google.ts';
import { ForgotPasswordModal } from '../../../features/auth/components/forgot-password-modal.tsx';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { loginMessages } from '../../../features/auth/messages.ts';
import { messages } from '../../../lib/messages.ts';
import { returnPath, wasSignedOut } from '../../../features/auth/return-to.ts';

/** The login form, 'Forgot password?', a link to /signup and 'Sign in with Google'. */
export function LoginPage() {
  const t = loginMessages;
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [resetOpen, setResetOpen] = useState(false);
  const [email, setEmail] = useState('');
  const authOptions = useAuthOptions();
  const google = useSignInWithGoogle();
  const returnTo = returnPath(location.state);
  const signedOut = wasSignedOut(location.state);
  const queryClient = useQueryClient();

  // Sent here because the session ended elsewhere: only now is it forgotten (the
  // page that was refused is gone, so its guard cannot send them here a second time).
  useEffect(() => {
    if (signedOut) forgetSession(queryClient);
  }, [signedOut, queryClient]);

  useEffect(() => {
    if (searchParams.get('error') === 'google')
      toast.error(t.googleFailed, { id: 'google-failed' });
  }, [searchParams, t.googleFailed]);

  return (
    <section className="mx-auto my-8 w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
      <h1 className="mb-6 text-center text-2xl font-bold">{t.title}</h1>
      {signedOut && (
        <p role="alert" className="alert alert-warning mb-6">
          {messages.guard.signedOut}
        </p>
      )}
      <LoginForm onEmailChange={setEmail} />
      <div className="mt-3 text-right">
        <button
          type="button"
          className="link link-hover text-sm"
          onClick={() => setResetOpen(true)}
        >
          {t.forgotPassword}
        </button>
      </div>
      {/* Only where the operator has set Google up (GOOGLE_CLIENT_ID): a button that
          cannot work is noise. */}
      {authOptions.data?.google && (
        <>
          <div className="divider text-sm text-base-content/75">{t.or}</div>
          <button
            type="button"
            className="btn btn-outline w-full"
            disabled={google.isPending}
            onClick={() =>
              google.mutate(returnTo, { onError: (error) => toast.error(error.message) })
            }
          >
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
              <path
                fill="#4285F4"
                d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h6a5.1 5.1 0 01-2.2 3.4v2.8h3.6c2-1.9 3.2-4.7 3.2-8.2z"
              />
              <path
                fill="#34A853"
                d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.9A11 11 0 0012 23z"
              />
              <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 010-4.2V7H2.1a11 11 0 000 10l3.7-2.9z" />
              <path
                fill="#EA4335"
                d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 002.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4z"
              />
            </svg>
            {t.google}
          </button>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        {t.noAccount}{' '}
        <Link
          to={paths.signUp.getHref()}
          state={location.state}
          className="link link-primary font-semibold"
        >
          {t.signUpLink}
        </Link>
      </p>
      {resetOpen && (
        <ForgotPasswordModal open onClose={() => setResetOpen(false)} defaultEmail={email} />
      )}
    </section>
  );
}
