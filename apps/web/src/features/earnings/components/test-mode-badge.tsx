import { earningsMessages } from '../messages.ts';

/** Marks what the sandbox simulates: no real money moves. */
export function TestModeBadge() {
  return (
    <span className="badge badge-warning font-semibold" title={earningsMessages.testModeNote}>
      {earningsMessages.testMode}
    </span>
  );
}
