/**
 * A laptop's condition: Excellent, Good or Fair. Kept apart from the product
 * contract so that pages which only list the options do not download zod.
 */
export const conditionTypes = ['Excellent', 'Good', 'Fair'] as const;
export type ConditionType = (typeof conditionTypes)[number];
