import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListPage } from './list-page.tsx';

/** Only the fields ListPage reads. */
const query = (fields: Partial<UseQueryResult<string[], Error>>) =>
  ({ isPending: false, isError: false, ...fields }) as UseQueryResult<string[], Error>;

const page = (props: { query: UseQueryResult<string[], Error>; focusable?: boolean }) => (
  <ListPage
    title="My things"
    headingRef={props.focusable ? createRef<HTMLHeadingElement>() : undefined}
    query={props.query}
    loadFailed="The things could not be loaded."
    retryLabel="Try again"
  >
    {(things) => <p>{things.join(', ')}</p>}
  </ListPage>
);

describe('ListPage', () => {
  it('shows the list once loaded, under a heading focusable only when asked', () => {
    const { rerender } = render(page({ query: query({ data: ['a', 'b'] }) }));
    expect(screen.getByText('a, b')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My things' }).getAttribute('tabindex')).toBeNull();
    rerender(page({ query: query({ data: ['a'] }), focusable: true }));
    expect(screen.getByRole('heading', { name: 'My things' }).getAttribute('tabindex')).toBe('-1');
  });

  it('shows a spinner while loading', () => {
    render(page({ query: query({ isPending: true }) }));
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('says why the list failed and tries again', async () => {
    const refetch = vi.fn();
    render(page({ query: query({ isError: true, error: new Error('Server down.'), refetch }) }));
    expect(screen.getByRole('alert').textContent).toContain(
      'The things could not be loaded. Server down.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
