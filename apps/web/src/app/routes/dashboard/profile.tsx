import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { profileInputSchema, type ProfileInput, type SessionUser } from '@laptops/shared/auth';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { messages } from '../../../lib/messages.ts';
import { useSession } from '../../../lib/get-session.ts';
import { sessionKeys } from '../../../lib/query-keys.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useSignOutEverywhere } from '../../../features/auth/api/sign-out-everywhere.ts';
import { useUpdateUser } from '../../../features/auth/api/update-user.ts';
import { MessageEmailSetting } from '../../../features/auth/components/message-email-setting.tsx';
import { FavouriteEmailSetting } from '../../../features/favourites/components/favourite-email-setting.tsx';
import { PictureField } from '../../../features/auth/components/picture-field.tsx';
import { pictureFieldSchema } from '../../../features/auth/picture-field-schema.ts';
import { authMessages } from '../../../features/auth/messages.ts';
import { BlockedPeople } from '../../../features/conversations/components/blocked-people.tsx';

const t = authMessages.profile;

/** Up to two initials, shown when the user has no picture. */
function initialsOf(name: string) {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/**
 * The signed-in user's profile: name, photo, emails about messages, whom they blocked,
 * and logging out on every device.
 */
export function ProfilePage() {
  const session = useSession();

  if (session.isPending) return <Spinner />;
  if (session.isError) {
    return (
      <section className="mx-auto my-8 w-full max-w-xl text-center">
        <h1 className="mb-4 text-2xl font-bold">{t.title}</h1>
        <p role="alert" className="mb-4">
          {session.error.message}
        </p>
        <button type="button" className="btn btn-neutral" onClick={() => void session.refetch()}>
          {messages.home.retry}
        </button>
      </section>
    );
  }
  const user = session.data;
  if (!user) {
    return (
      <section className="mx-auto my-8 w-full max-w-xl text-center">
        <h1 className="mb-4 text-2xl font-bold">{t.title}</h1>
        <p className="mb-4">{t.signedOut}</p>
        <Link to={paths.login.getHref()} className="btn btn-neutral">
          {t.login}
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto w-full max-w-xl">
      <h1 className="mb-6 text-2xl font-bold">{t.title}</h1>
      <div className="mb-8 flex items-center gap-4">
        <Avatar user={user} />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{user.name}</p>
          <p className="truncate text-sm text-base-content/70">{user.email}</p>
        </div>
      </div>
      <div className="grid gap-6">
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          <Field
            className="mb-4"
            label={t.email}
            hint={t.emailHint}
            inputProps={{
              type: 'email',
              className: 'input w-full',
              value: user.email,
              readOnly: true,
            }}
          />
          <NameForm key={user.id} name={user.name} />
        </div>
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          <PhotoForm />
        </div>
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          <MessageEmailSetting />
        </div>
        {user.typeOfUser === 'buyer' && (
          <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
            <FavouriteEmailSetting />
          </div>
        )}
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          <BlockedPeople />
        </div>
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          <SignOutEverywhere />
        </div>
      </div>
    </section>
  );
}

function Avatar({ user }: { user: SessionUser }) {
  if (user.image) {
    return (
      <div className="avatar">
        <div className="w-20 rounded-full ring-2 ring-base-300">
          <img src={user.image} alt={t.photoAlt} width={80} height={80} />
        </div>
      </div>
    );
  }
  return (
    <div className="avatar avatar-placeholder">
      <div className="w-20 rounded-full bg-neutral text-neutral-content">
        <span className="text-2xl" aria-hidden="true">
          {initialsOf(user.name)}
        </span>
      </div>
    </div>
  );
}

function NameForm({ name }: { name: string }) {
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues: { name },
  });

  const onSubmit = handleSubmit((values) => {
    updateUser.mutate(
      { name: values.name },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
          reset(values);
          toast.success(t.updated);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field
        label={t.name}
        error={errors.name?.message}
        inputProps={{
          type: 'text',
          autoComplete: 'name',
          className: 'input w-full',
          ...register('name'),
        }}
      />
      <button
        type="submit"
        className="btn btn-neutral w-full sm:w-auto sm:justify-self-start"
        disabled={updateUser.isPending}
      >
        {updateUser.isPending && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {t.saveName}
      </button>
    </form>
  );
}

function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere();
  const navigate = useNavigate();
  return (
    <div className="grid gap-3">
      <h2 className="font-medium">{t.devicesTitle}</h2>
      <p className="text-sm text-base-content/70">{t.devicesText}</p>
      <button
        type="button"
        className="btn btn-outline btn-error w-full sm:w-auto sm:justify-self-start"
        onClick={() => setConfirming(true)}
      >
        {t.signOutEverywhere}
      </button>
      <ConfirmDialog
        open={confirming}
        message={t.signOutEverywhereConfirm}
        confirmLabel={t.signOutEverywhere}
        busy={signOut.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          signOut.mutate(undefined, {
            onSuccess: () => {
              toast.success(t.signedOutEverywhere);
              void navigate(paths.login.getHref());
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(error.message);
            },
          })
        }
      />
    </div>
  );
}

const photoFormSchema = z.object({ picture: pictureFieldSchema });
type PhotoFormValues = z.infer<typeof photoFormSchema>;

function PhotoForm() {
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PhotoFormValues>({
    resolver: zodResolver(photoFormSchema),
    defaultValues: { picture: undefined },
  });

  const onSubmit = handleSubmit(async ({ picture }) => {
    const file = picture?.[0];
    if (!file) return;
    try {
      setUploadProgress(0);
      const url = await uploadImage(file, setUploadProgress);
      await updateUser.mutateAsync({ image: url });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      reset();
      toast.success(t.updated);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : messages.serverError);
    } finally {
      setUploadProgress(null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <PictureField
        label={t.photo}
        registration={register('picture')}
        error={errors.picture?.message}
        uploadProgress={uploadProgress}
        uploadingLabel={t.uploading}
      />
      <button
        type="submit"
        className="btn btn-neutral w-full sm:w-auto sm:justify-self-start"
        disabled={isSubmitting}
      >
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t.changePhoto}
      </button>
    </form>
  );
}
