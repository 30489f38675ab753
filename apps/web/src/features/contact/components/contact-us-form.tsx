import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { contactMessageInputSchema, type ContactMessageInput } from '@laptops/shared/contact';
import { Field, TextareaField } from '../../../components/ui/form-field.tsx';
import { contactMessages } from '../messages.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

/** Home's 'Contact us': stored by the server and emailed to the operator. */
export function ContactUsForm() {
  const t = contactMessages;
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

  return (
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
      <Field
        label={t.subject}
        error={errors.subject?.message}
        inputProps={{ type: 'text', className: 'input w-full', ...register('subject') }}
      />
      <TextareaField
        label={t.message}
        error={errors.message?.message}
        textareaProps={{ rows: 5, className: 'textarea w-full', ...register('message') }}
      />
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
