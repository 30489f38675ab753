import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, SelectField, TextareaField } from './form-field.tsx';

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('labels its input and leaves it unmarked while there is no error', () => {
    render(<Field label="Email" inputProps={{ type: 'email', className: 'input w-full' }} />);
    const input = screen.getByLabelText('Email');
    expect(input.className).toBe('input w-full');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('marks the input invalid, described by its hint and then its error', () => {
    render(
      <Field
        label="Picture"
        hint="A photo"
        error="Choose a picture"
        inputProps={{ type: 'file' }}
      />,
    );
    const input = screen.getByLabelText('Picture');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['A photo', 'Choose a picture']);
    expect(screen.getByText('Choose a picture').className).toBe('mt-1 text-sm text-error');
  });

  it('keeps an id it is given', () => {
    render(<Field label="Minimum" inputProps={{ id: 'min' }} />);
    expect(screen.getByLabelText('Minimum').id).toBe('min');
  });

  it('can show the error on the label’s line', () => {
    render(<Field label="Phone" error="Required" errorBesideLabel inputProps={{}} />);
    const error = screen.getByText('Required');
    expect(error.className).toBe('text-sm text-error');
    expect(error.parentElement).toBe(screen.getByText('Phone').parentElement);
  });
});

describe('TextareaField and SelectField', () => {
  it('label their controls the same way', () => {
    render(
      <>
        <TextareaField label="Message" error="Too short" textareaProps={{ rows: 5 }} />
        <SelectField label="Sort by" selectProps={{}}>
          <option value="new">Newest</option>
        </SelectField>
      </>,
    );
    const message = screen.getByLabelText('Message');
    expect(message.tagName).toBe('TEXTAREA');
    expect(describedBy(message)).toEqual(['Too short']);
    expect(screen.getByLabelText('Sort by').tagName).toBe('SELECT');
  });
});
