/**
 * The texts of a category's page (its search page's heading too). Not in lib/messages.ts:
 * they load with those pages, not with Home.
 */
export const categoryMessages = {
  heading: (name: string) => `${name} laptops`,
  notFoundTitle: 'This category does not exist',
  notFoundText: 'It may have been removed. Pick another category from the home page.',
  backHome: 'Back to home',
} as const;
