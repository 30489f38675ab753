/** The texts of the report modal (SPEC.md wording); they load with the modal. */

export const reportMessages = {
  title: 'Report TO Admin',
  productName: 'Product Name',
  reportText: 'Report',
  reportHint: 'Tell the admin what is wrong with this listing (optional, up to 2000 characters).',
  submit: 'report',
  cancel: 'Cancel',
  close: 'Close',
  success: 'Reported successfully',
};
