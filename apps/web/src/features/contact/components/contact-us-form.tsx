import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { contactMessageInputSchema, type ContactMessageInput } from '@laptops/shared/contact';
import { messages } from '../../../lib/messages.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

/** Home's 'Contact us': stored by the server and emailed to the operator. */
export function ContactUsForm() {
  const t = messages.contact;
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: { email: '', subject: '', message: '' },
  });

  const onSubmit = handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        toast.success(t.sent);
        reset();
      },
      onError: (error) => toast.error(error.message),
    });
  });

  const field = (name: keyof ContactMessageInput) => ({
    id: `contact-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    ...register(name),
  });

  const error = (name: keyof ContactMessageInput) =>
    errors[name] && (
      <p id={`contact-${name}-error`} className="mt-1 text-sm text-error">
        {errors[name].message}
      </p>
    );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div>
        <label htmlFor="contact-email" className="mb-1 block font-medium">
          {t.email}
        </label>
        <input type="email" autoComplete="email" className="input w-full" {...field('email')} />
        {error('email')}
      </div>
      <div>
        <label htmlFor="contact-subject" className="mb-1 block font-medium">
          {t.subject}
        </label>
        <input type="text" className="input w-full" {...field('subject')} />
        {error('subject')}
      </div>
      <div>
        <label htmlFor="contact-message" className="mb-1 block font-medium">
          {t.message}
        </label>
        <textarea rows={5} className="textarea w-full" {...field('message')} />
        {error('message')}
      </div>
      <button
        type="submit"
        className="btn btn-neutral w-full sm:w-auto sm:justify-self-start"
        disabled={send.isPending}
      >
        {send.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {t.send}
      </button>
    </form>
  );
}
