import type { z } from 'zod';
import type { ConditionType } from '@laptops/shared/conditions';
import { productFieldsSchema, type ProductDetails } from '@laptops/shared/products';

/**
 * The listing form checks what the API checks (the fields and the grade's battery
 * rule); the photos are the picker's, outside the form.
 */
export const productFormSchema = productFieldsSchema;
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;
export type ProductFieldName = keyof ProductFormOutput & string;

/** What the form's controls hold: text as typed, and the choices' values (none chosen yet). */
export type ProductFormValues = Record<Exclude<ProductFieldName, 'conditionType'>, string> & {
  conditionType: ConditionType | undefined;
};

export const emptyProductForm: ProductFormValues = {
  name: '',
  category: '',
  conditionType: undefined,
  yearsOfUse: '',
  description: '',
  model: '',
  cpuFamily: '',
  cpuModel: '',
  cpuGeneration: '',
  ramGb: '',
  storageGb: '',
  storageType: '',
  screenInches: '',
  screenResolution: '',
  graphics: '',
  operatingSystem: '',
  keyboardLayout: '',
  batteryHealth: '',
  batteryCycles: '',
  chargerIncluded: '',
  knownIssues: '',
  originalPrice: '',
  resalePrice: '',
  location: '',
  mobileNumber: '',
};

export const productFieldNames = Object.keys(emptyProductForm) as ProductFieldName[];

/** A price as a seller types it: 1299, or 649.50 when it has cents. */
export const priceText = (dollars: number) =>
  Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);

const textOf = (value: string | number | null) => (value === null ? '' : String(value));

/**
 * The form filled in with a listing as it is, for editing it. Its page has no contact
 * details: the mobile number comes from the seller's own list (My products).
 */
export function productFormValuesOf(
  product: ProductDetails,
  mobileNumber: string,
): ProductFormValues {
  const { specs } = product;
  return {
    name: product.name,
    category: product.category,
    conditionType: product.conditionType,
    yearsOfUse: String(product.yearsOfUse),
    description: product.description,
    model: textOf(specs.model),
    cpuFamily: textOf(specs.cpuFamily),
    cpuModel: textOf(specs.cpuModel),
    cpuGeneration: textOf(specs.cpuGeneration),
    ramGb: textOf(specs.ramGb),
    storageGb: textOf(specs.storageGb),
    storageType: textOf(specs.storageType),
    screenInches: textOf(specs.screenInches),
    screenResolution: textOf(specs.screenResolution),
    graphics: textOf(specs.graphics),
    operatingSystem: textOf(specs.operatingSystem),
    keyboardLayout: textOf(specs.keyboardLayout),
    batteryHealth: textOf(specs.batteryHealth),
    batteryCycles: textOf(specs.batteryCycles),
    chargerIncluded: specs.chargerIncluded === null ? '' : specs.chargerIncluded ? 'yes' : 'no',
    knownIssues: textOf(specs.knownIssues),
    originalPrice: priceText(product.originalPrice),
    resalePrice: priceText(product.resalePrice),
    location: product.location,
    mobileNumber,
  };
}

/** The fields whose controls no longer hold what they started with. */
export function changedFields(
  values: Record<string, unknown>,
  initial: ProductFormValues,
): ProductFieldName[] {
  return productFieldNames.filter((name) => String(values[name] ?? '') !== (initial[name] ?? ''));
}

/** The server names its fields as the contract does; the older names are accepted too. */
const serverFieldAliases: Record<string, ProductFieldName> = {
  productName: 'name',
  yearOfUse: 'yearsOfUse',
};

/** The form field a server error's key is about, if it is one of the form's. */
export function toFieldName(key: string): ProductFieldName | undefined {
  if ((productFieldNames as string[]).includes(key)) return key as ProductFieldName;
  return serverFieldAliases[key];
}
