/**
 * The search page's filters: a form whose fields are named after the URL's
 * parameters, shown as a disclosure on phones and as a sidebar on desktop.
 */
import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { conditionTypes } from '@laptops/shared/conditions';
import { cpuFamilyNames } from '@laptops/shared/cpu-family-names';
import { cpuFamilies, storageTypes } from '@laptops/shared/laptop-specs';
import type { SpecCounts } from '@laptops/shared/search';
import {
  defaultFilters,
  specFilterChoices,
  type SearchFilters,
  SEARCH_TEXT_MAX,
} from '@laptops/shared/search-filters';
import { Field, FieldShell, SelectField } from '../../../components/ui/form-field.tsx';
import { useCategories } from '../../../lib/get-categories.ts';
import { searchMessages } from '../messages.ts';

const t = searchMessages;

/** The filters on what the laptop itself vouched for: each a checkbox. */
const trustFilterKeys = ['deviceSpecs', 'serialChecked'] as const;

/** The filters' fields: small labels close above their controls. */
const filterField = { className: 'flex flex-col gap-1', labelClassName: 'text-sm font-medium' };

/** Tailwind's `lg`: from here on the filters are a sidebar rather than a disclosure. */
const DESKTOP_QUERY = '(min-width: 1024px)';

function subscribeDesktop(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isDesktop = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches;

/** Both prices given, and the lowest above the highest: nothing can match. */
export function isPriceRangeInverted({
  minPrice,
  maxPrice,
}: Pick<SearchFilters, 'minPrice' | 'maxPrice'>) {
  return minPrice !== '' && maxPrice !== '' && Number(minPrice) > Number(maxPrice);
}

type FilterPanelProps = {
  filters: SearchFilters;
  /** The URL's filters as text: when they change (Back, Clear), the form shows them. */
  filtersKey: string;
  /** How many filters the URL sets, shown on the phone's closed disclosure. */
  activeFilters: number;
  /** Off on a category page, where the category is fixed. */
  showCategory: boolean;
  /** The page's path: where the form goes, and Clear's link (no filters). */
  pathname: string;
  onApply: (filters: SearchFilters) => void;
  /**
   * The form's id: the sort, drawn above the results, belongs to this form (its `form`
   * attribute), so the browser's own submit sends it too.
   */
  formId: string;
  /**
   * How many laptops each spec choice would find with the applied filters, shown
   * beside it; a filter without (too many matches to count, or not loaded) shows none.
   */
  counts?: SpecCounts;
};

/**
 * A disclosure on phones, an always-open sidebar on desktop. When the URL's filters
 * change (Back, Clear), the form shows them; it is not drawn anew, so the button that
 * applied them keeps the focus.
 *
 * The fields are named after the URL's parameters and the form goes to the page's
 * path: on a page the server drew, the browser's own submit filters too, before the
 * app has started or with JavaScript off (empty fields are read as not set).
 */
export function FilterPanel({
  filters,
  filtersKey,
  activeFilters,
  showCategory,
  pathname,
  onApply,
  formId,
  counts,
}: FilterPanelProps) {
  const [draft, setDraft] = useState(filters);
  const [draftOf, setDraftOf] = useState(filtersKey);
  const [open, setOpen] = useState(false);
  const summary = useRef<HTMLElement>(null);
  const desktop = useSyncExternalStore(subscribeDesktop, isDesktop, () => false);
  const categories = useCategories();
  const id = useId();

  const set =
    <K extends keyof SearchFilters>(key: K) =>
    (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((current) => ({ ...current, [key]: value }));
    };

  /** A choice's words, with its count when the server gave one. */
  const counted = (key: keyof SpecCounts, choice: string | number, words: string) =>
    t.withCount(words, counts?.[key]?.[String(choice)]);

  /** A spec filter's select: Any, then its steps as the page words them. */
  const specSelect = (key: keyof typeof specFilterChoices, word: (n: number) => string) => (
    <SelectField
      {...filterField}
      className="flex min-w-0 flex-col gap-1"
      label={t[key]}
      selectProps={{
        name: key,
        className: 'select w-full',
        value: draft[key],
        onChange: set(key),
      }}
    >
      <option value="">{t.any}</option>
      {/* A value from a shared link that is not a step still shows as chosen. */}
      {[...new Set([...specFilterChoices[key], ...(draft[key] ? [Number(draft[key])] : [])])]
        .sort((a, b) => a - b)
        .map((n) => (
          <option key={n} value={String(n)}>
            {counted(key, n, word(n))}
          </option>
        ))}
    </SelectField>
  );

  const priceId = (key: 'minPrice' | 'maxPrice') => `${id}-${key}`;
  // Told when the visitor leaves a price field or applies, not while a price is being
  // typed (900 above a max of 1 on the way to 1200).
  const [rangeChecked, setRangeChecked] = useState(false);
  if (draftOf !== filtersKey) {
    setDraftOf(filtersKey);
    setDraft(filters);
    setRangeChecked(false);
  }
  const priceRangeInverted = rangeChecked && isPriceRangeInverted(draft);
  // On a phone applying closes the disclosure, hiding the button that had the focus:
  // the disclosure's own toggle takes it.
  const close = () => {
    setOpen(false);
    if (!desktop) summary.current?.focus();
  };

  return (
    <details
      open={desktop || open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      // A page the server drew has the disclosure closed (it cannot know the width);
      // on a desktop its form shows anyway until the app opens it.
      className="rounded-box border border-base-300 bg-base-100 lg:sticky lg:top-20 lg:[&::details-content]:[content-visibility:visible]"
    >
      <summary ref={summary} className="cursor-pointer px-4 py-3 font-semibold lg:hidden">
        {t.filters}
        {activeFilters > 0 && ` (${activeFilters})`}
      </summary>
      <form
        id={formId}
        role="search"
        aria-label={t.filters}
        action={pathname}
        className="flex flex-col gap-4 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          setRangeChecked(true);
          if (isPriceRangeInverted(draft)) {
            document.getElementById(priceId('minPrice'))?.focus();
            return;
          }
          // The sort above the results submits with no button: the panel stays as it is.
          if (event.nativeEvent.submitter) close();
          onApply(draft);
        }}
      >
        <Field
          {...filterField}
          label={t.query}
          inputProps={{
            name: 'q',
            type: 'search',
            className: 'input w-full',
            placeholder: t.queryPlaceholder,
            maxLength: SEARCH_TEXT_MAX,
            value: draft.q,
            onChange: set('q'),
          }}
        />

        {showCategory && (
          <SelectField
            {...filterField}
            label={t.category}
            selectProps={{
              name: 'category',
              className: 'select w-full',
              value: draft.category,
              onChange: set('category'),
            }}
          >
            <option value="">{t.anyCategory}</option>
            {categories.data?.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
          </SelectField>
        )}

        <SelectField
          {...filterField}
          label={t.condition}
          selectProps={{
            name: 'condition',
            className: 'select w-full',
            value: draft.condition,
            onChange: set('condition'),
          }}
        >
          <option value="">{t.anyCondition}</option>
          {conditionTypes.map((condition) => (
            <option key={condition} value={condition}>
              {t.conditions[condition]}
            </option>
          ))}
        </SelectField>

        <div className="grid grid-cols-2 gap-3">
          {(['minPrice', 'maxPrice'] as const).map((key) => (
            <FieldShell
              key={key}
              {...filterField}
              className="flex min-w-0 flex-col gap-1"
              id={priceId(key)}
              label={t[key]}
              control={(props) => (
                <div className="input w-full">
                  <span aria-hidden="true" className="text-base-content/75">
                    {t.currency}
                  </span>
                  <input
                    {...props}
                    name={key}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={100_000}
                    step="any"
                    value={draft[key]}
                    onChange={(event) => {
                      setRangeChecked(false);
                      set(key)(event);
                    }}
                    onBlur={() => setRangeChecked(true)}
                    // The pair shares one message, shown under both.
                    aria-invalid={priceRangeInverted || undefined}
                    aria-describedby={priceRangeInverted ? `${id}-price-range` : undefined}
                  />
                </div>
              )}
            />
          ))}
          {priceRangeInverted && (
            <p id={`${id}-price-range`} role="alert" className="col-span-2 text-sm text-error">
              {t.priceRangeInverted}
            </p>
          )}
        </div>

        <Field
          {...filterField}
          label={t.location}
          inputProps={{
            name: 'location',
            type: 'text',
            className: 'input w-full',
            placeholder: t.locationPlaceholder,
            maxLength: 120,
            value: draft.location,
            onChange: set('location'),
          }}
        />

        <Field
          {...filterField}
          label={t.maxYears}
          inputProps={{
            name: 'maxYears',
            type: 'number',
            inputMode: 'numeric',
            className: 'input w-full',
            min: 0,
            max: 50,
            step: 1,
            value: draft.maxYears,
            onChange: set('maxYears'),
          }}
        />

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t.trust}</legend>
          {trustFilterKeys.map((key) => (
            <label key={key} className="flex cursor-pointer items-start gap-2 text-sm">
              {/* Named as the URL's parameter: ticked sends key=true, as the API takes it. */}
              <input
                type="checkbox"
                name={key}
                value="true"
                className="checkbox mt-0.5 checkbox-sm"
                checked={draft[key] === 'true'}
                onChange={(event) => {
                  const ticked = event.currentTarget.checked;
                  setDraft((current) => ({ ...current, [key]: ticked ? 'true' : '' }));
                }}
              />
              <span>
                <span className="font-medium">{t[key]}</span>
                <span className="block text-xs text-base-content/70">{t.trustHints[key]}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{t.specs}</legend>
          {/* One column in the desktop sidebar: a choice with its count fills a select. */}
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
            {specSelect('ramMin', t.atLeastGb)}
            {specSelect('storageMin', t.atLeastGb)}
          </div>
          <SelectField
            {...filterField}
            label={t.storageType}
            selectProps={{
              name: 'storageType',
              className: 'select w-full',
              value: draft.storageType,
              onChange: set('storageType'),
            }}
          >
            <option value="">{t.any}</option>
            {storageTypes.map((type) => (
              <option key={type} value={type}>
                {counted('storageType', type, type)}
              </option>
            ))}
          </SelectField>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
            {specSelect('screenMin', t.inches)}
            {specSelect('screenMax', t.inches)}
          </div>
          {specSelect('batteryMin', t.atLeastPercent)}
          <SelectField
            {...filterField}
            label={t.cpu}
            selectProps={{
              name: 'cpu',
              className: 'select w-full',
              value: draft.cpu,
              onChange: set('cpu'),
            }}
          >
            <option value="">{t.any}</option>
            {cpuFamilies.map((family) => (
              <option key={family} value={family}>
                {counted('cpu', family, cpuFamilyNames[family])}
              </option>
            ))}
          </SelectField>
        </fieldset>

        <div className="flex gap-2">
          <button type="submit" className="btn btn-neutral flex-1">
            {t.apply}
          </button>
          <Link
            to={pathname}
            className="btn btn-ghost"
            onClick={() => {
              setDraft(defaultFilters);
              close();
            }}
          >
            {t.clear}
          </Link>
        </div>
      </form>
    </details>
  );
}
