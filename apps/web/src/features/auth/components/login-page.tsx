import { messages } from '../../../lib/messages.ts';
import { LoginForm } from './login-form.tsx';

export function LoginPage() {
  return (
    <section className="mx-auto my-8 w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
      <h1 className="mb-6 text-center text-2xl font-bold">{messages.login.title}</h1>
      <LoginForm />
    </section>
  );
}
