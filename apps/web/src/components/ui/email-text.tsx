import { Fragment } from 'react';

/**
 * An email address in a table column: it may wrap after the "@" and before each dot
 * ("ayesha@" / "example.com") rather than mid-word. With break-word, unlike anywhere,
 * the column is at least as wide as the longest part (an auto-width table widens it);
 * mid-word breaks are left for a part wider than the whole table can give.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className={`wrap-break-word ${className ?? ''}`.trim()}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
