import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { signUpInputSchema, signUpUserTypes } from '@laptops/shared/auth';
import { paths } from '../../../config/paths.ts';
import { Field, FieldError } from '../../../components/ui/form-field.tsx';
import { messages } from '../../../lib/messages.ts';
import { sessionKeys } from '../../../lib/query-keys.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useSignUp } from '../../../features/auth/api/sign-up.ts';
import { useUpdateUser } from '../../../features/auth/api/update-user.ts';
import { authMessages } from '../../../features/auth/messages.ts';
import { PictureField } from '../../../features/auth/components/picture-field.tsx';
import { optionalPictureFieldSchema } from '../../../features/auth/picture-field-schema.ts';
import { afterSignUpPath } from '../../../features/auth/return-to.ts';

// A seller's face builds buyers' trust; a buyer may add a picture later, or never.
const signUpFormSchema = signUpInputSchema
  .extend({ picture: optionalPictureFieldSchema })
  .superRefine(({ typeOfUser, picture }, context) => {
    if (typeOfUser === 'seller' && !picture?.[0]) {
      context.addIssue({
        code: 'custom',
        path: ['picture'],
        message: authMessages.signUp.sellerPictureRequired,
      });
    }
  });
type SignUpFormValues = z.infer<typeof signUpFormSchema>;

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : messages.serverError;

/**
 * Sign up, in this order: create the account (which logs the user in), upload the
 * picture if one was chosen (only a signed-in user can), save it on the profile, then
 * go back to where the visitor came from (a new seller: to add a laptop).
 */
export function SignUpPage() {
  const t = authMessages.signUp;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const signUp = useSignUp();
  const updateUser = useUpdateUser();
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const userTypeErrorId = useId();
  // Home's Sell yours comes with ?as=seller: the form starts as a seller's.
  const [searchParams] = useSearchParams();
  const startAs = searchParams.get('as') === 'seller' ? 'seller' : 'buyer';
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', typeOfUser: startAs, password: '', picture: undefined },
  });
  const typeOfUser = useWatch({ control, name: 'typeOfUser' });

  const onSubmit = handleSubmit(async ({ picture, ...input }) => {
    const file = picture?.[0];
    const loadingToast = toast.loading(t.creating);
    try {
      try {
        await signUp.mutateAsync(input);
      } catch (error) {
        // Nothing was created: the form keeps what was typed.
        toast.error(errorMessage(error));
        return;
      }
      let pictureSaved = true;
      if (file) {
        try {
          setUploadProgress(0);
          const url = await uploadImage(file, setUploadProgress);
          await updateUser.mutateAsync({ image: url });
        } catch (error) {
          // The account exists and the user is signed in; the picture can be added later.
          pictureSaved = false;
          toast.error(t.pictureFailed(errorMessage(error)));
        } finally {
          setUploadProgress(null);
        }
      }
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      if (pictureSaved) toast.success(t.success);
      void navigate(afterSignUpPath(location.state, input.typeOfUser), { replace: true });
    } finally {
      toast.dismiss(loadingToast);
    }
  });

  return (
    <section className="mx-auto my-8 w-full max-w-md rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
      <h1 className="mb-6 text-center text-2xl font-bold">{t.title}</h1>
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
        <fieldset
          aria-invalid={errors.typeOfUser ? true : undefined}
          aria-describedby={errors.typeOfUser ? userTypeErrorId : undefined}
        >
          <legend className="mb-1 font-medium">{t.userType}</legend>
          <div className="flex flex-wrap gap-6">
            {signUpUserTypes.map((type) => (
              <label key={type} className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  value={type}
                  className="radio radio-primary radio-sm"
                  {...register('typeOfUser')}
                />
                {t[type]}
              </label>
            ))}
          </div>
          <FieldError id={userTypeErrorId} error={errors.typeOfUser?.message} />
        </fieldset>
        <PictureField
          label={t.picture}
          hint={typeOfUser === 'seller' ? t.pictureForSellers : t.pictureForBuyers}
          registration={register('picture')}
          error={errors.picture?.message}
          uploadProgress={uploadProgress}
          uploadingLabel={t.uploading}
        />
        <Field
          label={t.password}
          error={errors.password?.message}
          inputProps={{
            type: 'password',
            autoComplete: 'new-password',
            className: 'input w-full',
            ...register('password'),
          }}
        />
        <button type="submit" className="btn btn-neutral w-full" disabled={isSubmitting}>
          {isSubmitting && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          {t.submit}
        </button>
      </form>
      <p className="mt-6 text-center text-sm">
        {t.haveAccount}{' '}
        <Link
          to={paths.login.getHref()}
          state={location.state}
          className="link link-primary font-medium"
        >
          {t.login}
        </Link>
      </p>
    </section>
  );
}
