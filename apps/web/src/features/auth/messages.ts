/** The texts of the log-in, sign-up, password and profile screens; they load with those screens. */

export const loginMessages = {
  title: 'Log in',
  email: 'Email',
  password: 'Password',
  submit: 'Log in',
  success: (name: string) => `Welcome back, ${name}!`,
  failed: 'Could not log in. Please try again.',
  forgotPassword: 'Forgot password?',
  noAccount: 'New to Laptop Resale?',
  signUpLink: 'Create an account',
  or: 'or',
  // Google's own wording for its button.
  google: 'Sign in with Google',
  googleFailed: 'Signing in with Google did not work. Please try again.',
};

export const authMessages = {
  pictureHint: 'JPEG, PNG or WebP, up to 5 MB.',
  signUp: {
    title: 'Sign up',
    name: 'Name',
    email: 'Email',
    userType: 'Account type',
    buyer: 'Buyer',
    seller: 'Seller',
    picture: 'Profile picture',
    pictureForBuyers: 'Optional. JPEG, PNG or WebP, up to 5 MB.',
    pictureForSellers: 'Buyers trust a seller they can see. JPEG, PNG or WebP, up to 5 MB.',
    sellerPictureRequired: 'Sellers need a profile picture: buyers trust a face they can see.',
    password: 'Password',
    submit: 'Sign up',
    haveAccount: 'Already have an account?',
    login: 'Log in',
    creating: 'Creating your account…',
    uploading: 'Uploading your picture',
    success: 'Your account is ready.',
    pictureFailed: (reason: string) =>
      `Your account was created, but the picture could not be saved: ${reason.replace(/[.!\s]+$/, '')}. You can add it from your profile.`,
  },
  forgotPassword: {
    title: 'Reset your password',
    text: 'Enter the email you signed up with and we will send you a link to choose a new password.',
    email: 'Email',
    submit: 'Send reset link',
    cancel: 'Cancel',
    close: 'Close',
    // Said whether or not the email has an account, so nobody can find out who has one.
    sent: 'If an account uses that email, a reset link is on its way. Please check your inbox.',
  },
  resetPassword: {
    title: 'Choose a new password',
    invalidLink: 'This reset link is invalid or has expired.',
    invalidLinkHint: 'On the login page, choose "Forgot password?" to get a new link.',
    backToLogin: 'Back to log in',
    newPassword: 'New password',
    confirmPassword: 'Confirm the new password',
    confirmRequired: 'Please enter the new password again',
    mismatch: 'The passwords do not match',
    submit: 'Save new password',
    changed: 'Your password has been changed. Please log in with the new one.',
  },
  profile: {
    title: 'My profile',
    photoAlt: 'Your profile photo',
    email: 'Email',
    emailHint: 'Your email address cannot be changed.',
    name: 'Name',
    saveName: 'Save name',
    photo: 'New photo',
    changePhoto: 'Change photo',
    uploading: 'Uploading your photo',
    updated: 'Your profile has been updated.',
    signedOut: 'Please log in to see your profile.',
    login: 'Log in',
    devicesTitle: 'Devices',
    devicesText:
      'Lost a phone, or logged in on a shared computer? Log out on every device, this one included.',
    signOutEverywhere: 'Log out everywhere',
    signOutEverywhereConfirm:
      'Log out on every device where you are logged in, including this one?',
    signedOutEverywhere: 'You have been logged out on every device.',
    emailsTitle: 'Emails',
    messageEmails: 'Email me about messages I have not read',
    messageEmailsHint:
      'When a message waits unread for a few minutes, we email it to you: one email for each conversation until you read it.',
    emailsOn: 'You will get emails about messages you have not read.',
    emailsOff: 'You will not get emails about messages.',
    emailsRetry: 'Try again',
  },
};

/** A dashboard page opened with another kind of account; loads with the role pages. */
export const wrongRoleMessages = {
  pageFor: {
    buyer: 'This page is for buyers',
    seller: 'This page is for sellers',
    admin: 'This page is for admins',
  },
  loggedInAs: { buyer: 'a buyer', seller: 'a seller', admin: 'an admin' },
  text: (who: string) =>
    `You are logged in as ${who}, so this page is not open to you. Your own pages are on your dashboard.`,
  toDashboard: 'Go to your dashboard',
  backHome: 'Back to home',
};
