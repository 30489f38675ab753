/** The texts around the footer's pages (their own words are in content/); they load with them. */
export const infoPageMessages = {
  onThisPage: 'On this page',
  contact: 'Still have a question?',
  contactText:
    'Email us at the address at the bottom of this page, or write to us with the contact form on the home page. We answer by email.',
  seeAlso: 'See also',
  faq: 'FAQ',
  privacy: 'Privacy',
  terms: 'Terms of use',
};
