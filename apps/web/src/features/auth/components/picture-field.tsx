import type { UseFormRegisterReturn } from 'react-hook-form';
import { acceptedImageTypes } from '@laptops/shared/images';
import { Field } from '../../../components/ui/form-field.tsx';
import { authMessages } from '../messages.ts';

/** A profile picture to upload (sign-up, profile), with the upload's progress under it. */
export function PictureField(props: {
  label: string;
  /** What the field asks for; by default, the accepted files. */
  hint?: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** 0 to 1 while uploading; null otherwise. */
  uploadProgress: number | null;
  uploadingLabel: string;
}) {
  return (
    <Field
      label={props.label}
      hint={props.hint ?? authMessages.pictureHint}
      error={props.error}
      inputProps={{
        type: 'file',
        accept: acceptedImageTypes.join(','),
        className: 'file-input w-full',
        ...props.registration,
      }}
      after={
        props.uploadProgress !== null && (
          <progress
            className="progress progress-primary mt-2 w-full"
            value={props.uploadProgress}
            max={1}
            aria-label={props.uploadingLabel}
          />
        )
      }
    />
  );
}
