/** The outline glyphs that buttons share; each is decoration beside a named button. */
const paths = {
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
} as const;

export function LineIcon({ name, className }: { name: keyof typeof paths; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
