import { messages } from '../../lib/messages.ts';

/** The loading indicator: a centred orange spinner, 60 px unless told otherwise. */
export function Spinner({ size = 60, className = '' }: { size?: number; className?: string }) {
  return (
    <div role="status" className={`flex w-full items-center justify-center py-10 ${className}`}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 50 50"
        className="animate-spin motion-reduce:animate-[spin_3s_linear_infinite]"
        aria-hidden="true"
        data-testid="spinner"
      >
        <circle cx="25" cy="25" r="20" fill="none" stroke="#fed7aa" strokeWidth="5" />
        <path
          d="M25 5a20 20 0 0 1 20 20"
          fill="none"
          stroke="#f97316"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{messages.loading}</span>
    </div>
  );
}
