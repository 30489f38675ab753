import type { InfoPageContent } from '../info-page-content.ts';

/** What personal data the marketplace keeps, why, who sees it and for how long. */
export const privacyPage: InfoPageContent = {
  title: 'Privacy',
  lead: 'What we keep about you, why, who sees it and how long we keep it.',
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      body: [
        'Laptop Resale is a small marketplace run by the people whose contact details are at the bottom of every page. We run it on our own server, and what you give us stays there (and, for photos, in our own file storage).',
        'We do not sell or rent your data, we show no advertising, and we use no analytics or tracking services.',
      ],
    },
    {
      id: 'account',
      heading: 'Your account',
      body: [
        'We keep your name, your email address, whether you buy or sell, your profile picture and your password. The password is stored only in a scrambled form (a hash) that cannot be turned back into it.',
        'If you log in with Google, Google tells us your name, your email address and an identifier for your Google account; we never see your Google password.',
        'We need these to let you log in, to show buyers who is selling and to email you about your bookings and sales.',
      ],
    },
    {
      id: 'listings-and-bookings',
      heading: 'Listings and bookings',
      body: [
        'What a seller writes in a listing (the laptop, its condition and prices, the location, the photo and the description) is shown to everyone, with the seller’s name. The seller’s mobile number and email address are not shown with it, to anyone: before booking, buyers ask the seller questions through the site.',
        'When you book a laptop, the phone number and the meeting place you give are kept with the booking and shown to its seller, so that they can call you and meet you. We also email them to the seller. In return, the booking’s page shows you the seller’s mobile number. Once the booking is cancelled, or the laptop goes to someone else, neither of you sees the other’s number there any more.',
      ],
    },
    {
      id: 'payments',
      heading: 'Payments',
      body: [
        'Card payments are made through Stripe. Your card details go from your browser straight to Stripe and never reach our server. We keep what we need as a record of the sale: the amount, the date and Stripe’s reference for the payment. Stripe’s own privacy policy covers what you give Stripe.',
        'If the payment page says “Test mode”, the marketplace is not connected to Stripe: no money is taken, and the test card number you type is checked but not stored.',
      ],
    },
    {
      id: 'reports-and-messages',
      heading: 'Reports and messages',
      body: [
        'If you report a listing, we keep what you wrote with the report, linked to your account. Only our admins see it, with your name; the seller is not told who reported the listing.',
        'If you write to us with the contact form, we keep your email address, the subject and your message, and forward them to our mailbox so that we can answer you.',
      ],
    },
    {
      id: 'emails',
      heading: 'Emails we send',
      body: [
        'We email you only about your own account and trades: a welcome when you sign up, password reset links you ask for, bookings of your laptops, receipts, sales and refunds. We send no newsletters or marketing.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      body: [
        'When you log in, we set one cookie that keeps you logged in. It is needed for the site to work, it cannot be read by scripts on the page, and it lasts up to 7 days, renewed while you use the site. Logging out removes it. While you log in with Google, a second, short-lived cookie protects that sign-in.',
        'We use no other cookies: none for advertising, tracking or statistics. That is why you see no cookie banner.',
      ],
    },
    {
      id: 'security-records',
      heading: 'Records that keep the site safe',
      body: [
        'With each login we keep the internet address and the browser it came from, so that a session can be recognised and ended. Our server’s logs record each request (the address it came from, the page asked for and the answer) so that we can find faults and abuse. To slow down password guessing and spam, we count attempts for a few minutes per address and per account.',
        'What our admins do to accounts and listings (verifying a seller, deleting an account, removing a listing) is recorded with the admin’s name.',
      ],
    },
    {
      id: 'who-sees-what',
      heading: 'Who sees your data',
      body: [
        {
          list: [
            'Other users: what listings show, as described above, and, between the buyer and the seller of a booking, each other’s name and phone number.',
            'Our admins: accounts, reports and the records above, to run the marketplace and deal with abuse.',
            'Stripe, to take card payments, and the email service we send our emails through.',
          ],
        },
        'Nobody else, unless the law obliges us to.',
      ],
    },
    {
      id: 'how-long',
      heading: 'How long we keep it',
      body: [
        'Your data stays as long as your account does. When an account is deleted, it can no longer log in, its sessions end at once, its laptops for sale are taken down and its unpaid bookings are cancelled. Paid orders, payments and reports are kept as the record of what was sold and reported.',
        'A photo that was uploaded but never used is deleted after a day. A password reset link stops working after an hour.',
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your choices',
      body: [
        'You can change your name and photo in My profile at any time. To get a copy of what we keep about you, to have something corrected, or to close your account, write to us with the contact form from the email address you signed up with.',
        'If we change this page, the new version applies from the day it is published here.',
      ],
    },
  ],
};
