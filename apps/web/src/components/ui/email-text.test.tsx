import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text.tsx';

describe('EmailText', () => {
  it('may wrap after the @ and before each dot, and reads as the address', () => {
    const { container } = render(<EmailText email="ayesha.khan@mail.example.com" />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.textContent).toBe('ayesha.khan@mail.example.com');
    expect(span.innerHTML).toBe('ayesha<wbr>.khan@<wbr>mail<wbr>.example<wbr>.com');
  });
});
