import { z } from 'zod';
import { acceptedImageTypes, MAX_IMAGE_BYTES } from '@laptops/shared/images';
import { imageMessages, signUpMessages } from '@laptops/shared/messages';

/**
 * A picture file input's value (a FileList, or nothing before it was touched),
 * checked here as the server checks it (type and size), so the visitor hears about a
 * wrong file before anything is sent. This one may be left empty.
 */
export const optionalPictureFieldSchema = z
  .custom<FileList | undefined>()
  .superRefine((files, context) => {
    const file = files?.[0];
    if (!file) return;
    checkPicture(file, context);
  });

/** The same, required. */
export const pictureFieldSchema = z.custom<FileList | undefined>().superRefine((files, context) => {
  const file = files?.[0];
  if (!file) {
    context.addIssue({ code: 'custom', message: signUpMessages.pictureRequired });
  } else checkPicture(file, context);
});

function checkPicture(file: File, context: z.RefinementCtx) {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
    context.addIssue({ code: 'custom', message: imageMessages.unsupported });
  } else if (file.size > MAX_IMAGE_BYTES) {
    context.addIssue({ code: 'custom', message: imageMessages.tooLarge });
  }
}
