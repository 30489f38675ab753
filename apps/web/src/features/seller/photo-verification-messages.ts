/** The texts of a listing's photo verification, on its edit page. */
export const photoVerificationPanelMessages = {
  title: 'Photo verification',
  intro:
    'Show buyers this is the laptop in your photos: take one photo of it with a code we give you. An admin compares them, and the listing gets a "Photo verified" badge.',
  status: {
    none: 'Not verified',
    'awaiting-photo': 'Waiting for your photo',
    'waiting-for-review': 'Waiting for review',
    approved: 'Photo verified',
    rejected: 'Not approved',
    lapsed: 'Verification lapsed',
  },
  getCode: 'Get a code',
  getNewCode: 'Get a new code',
  codeLabel: 'Your code',
  choosePhoto: 'Upload the photo',
  sending: 'Uploading your photo…',
  sent: 'Your photo is sent. An admin will look at it soon.',
  waiting: 'An admin will compare your photo with the code and your listing’s photos.',
  approved: 'Buyers see the "Photo verified" badge on this laptop’s page.',
  approvedRule:
    'Changing the name, brand, model or photos removes the badge until a new photo is approved.',
  rejected: (reason: string) => `An admin did not approve your photo: ${reason}`,
  tryAgain: 'You can try again with a new code.',
  lapsed:
    'You changed what the laptop is or how it looks after it was verified, so the badge is gone. Verify it again with a new code.',
  yourPhoto: 'The photo you sent',
  loadFailed: 'We could not load the photo verification.',
  retry: 'Try again',
};
