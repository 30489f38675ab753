import { useId, useRef, useState, type ChangeEvent } from 'react';
import { hardwareReportCommands, type HardwareReport } from '@laptops/shared/hardware-reports';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { readHardwareReport } from '../api/read-hardware-report.ts';
import { hardwareReportMessages as t } from '../messages.ts';

type ImportState =
  | { status: 'idle' }
  | { status: 'reading' }
  | { status: 'read'; filled: number; report: HardwareReport }
  | { status: 'failed'; message: string };

/**
 * "Import a hardware report", above the specs: which command to run on each system
 * and where its file lands, then the file. What the report names is handed to
 * `onReport` (the form fills its fields); the count is announced, the notes shown,
 * and a refusal is said beside the file control.
 */
export function HardwareReportImport({
  onReport,
}: {
  /** Fills the form from the report; answers how many fields it filled. */
  onReport: (report: HardwareReport) => number;
}) {
  const [state, setState] = useState<ImportState>({ status: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const titleId = useId();

  const pasteId = useId();
  const pasteHintId = useId();
  const [pasted, setPasted] = useState('');
  /** Where the last report came from, so a refusal is said beside that control. */
  const [source, setSource] = useState<'file' | 'paste'>('file');

  const read = async (report: File | string) => {
    setSource(typeof report === 'string' ? 'paste' : 'file');
    setState({ status: 'reading' });
    try {
      const read = await readHardwareReport(report);
      setState({ status: 'read', filled: onReport(read), report: read });
    } catch (error) {
      setState({
        status: 'failed',
        message: error instanceof ApiRequestError ? error.message : t.failed,
      });
    } finally {
      // The same file may be chosen again (after running the command again).
      if (inputRef.current) inputRef.current.value = '';
    }
  };
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) await read(file);
  };
  const onReadPasted = () => {
    if (pasted.trim() === '') {
      setSource('paste');
      setState({ status: 'failed', message: t.pasteEmpty });
      return;
    }
    void read(pasted);
  };
  const fileFailed = state.status === 'failed' && source === 'file';
  const pasteFailed = state.status === 'failed' && source === 'paste';

  return (
    <details
      aria-labelledby={titleId}
      className="group rounded-box border border-base-300 bg-base-200/40 p-4"
    >
      <summary
        id={titleId}
        className="cursor-pointer text-lg font-semibold marker:text-base-content/60"
      >
        {t.title}
      </summary>
      <div className="mt-3 flex flex-col gap-4">
        <p className="text-sm text-base-content/80">{t.intro}</p>
        <ul className="flex flex-col gap-3">
          {hardwareReportCommands.map((entry) => (
            <li key={entry.system}>
              <h3 className="font-medium">{t.runIn(entry.system)}</h3>
              <pre className="mt-1 overflow-x-auto rounded bg-base-300/60 p-2 text-xs whitespace-pre-wrap break-all">
                <code>{entry.command}</code>
              </pre>
              <p className="mt-1 text-sm text-base-content/75">{entry.where}</p>
              {entry.more && (
                <p className="mt-1 text-sm text-base-content/75">
                  <code className="text-xs">{entry.more}</code>
                </p>
              )}
            </li>
          ))}
        </ul>

        <div>
          <label htmlFor={inputId} className="block font-medium">
            {t.choose}
          </label>
          <p id={hintId} className="text-sm text-base-content/75">
            {t.chooseHint}
          </p>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".html,.htm,.json,.txt,text/html,application/json,text/plain"
            className="file-input mt-2 w-full max-w-md"
            aria-describedby={fileFailed ? `${hintId} ${errorId}` : hintId}
            aria-invalid={fileFailed || undefined}
            disabled={state.status === 'reading'}
            onChange={(event) => void onChange(event)}
          />
          {fileFailed && (
            <p id={errorId} role="alert" className="mt-2 text-sm text-error">
              {state.message}
            </p>
          )}
        </div>

        <div>
          <label htmlFor={pasteId} className="block font-medium">
            {t.pasteLabel}
          </label>
          <p id={pasteHintId} className="text-sm text-base-content/75">
            {t.pasteHint}
          </p>
          <textarea
            id={pasteId}
            rows={4}
            spellCheck={false}
            className="textarea mt-2 w-full font-mono text-xs"
            value={pasted}
            aria-describedby={pasteFailed ? `${pasteHintId} ${errorId}` : pasteHintId}
            aria-invalid={pasteFailed || undefined}
            onChange={(event) => setPasted(event.target.value)}
          />
          <button
            type="button"
            className="btn btn-sm mt-2"
            disabled={state.status === 'reading'}
            onClick={onReadPasted}
          >
            {t.pasteRead}
          </button>
          {pasteFailed && (
            <p id={errorId} role="alert" className="mt-2 text-sm text-error">
              {state.message}
            </p>
          )}
        </div>

        <div role="status" aria-live="polite" className="text-sm">
          {state.status === 'reading' && t.reading}
          {state.status === 'read' && (
            <p className="font-medium">
              {state.filled > 0 ? `${t.filled(state.filled)} ${t.checkThem}` : t.nothingFilled}
            </p>
          )}
        </div>
        {state.status === 'read' &&
          (state.report.warnings.length > 0 || state.report.serialNumber) && (
            <div className="text-sm">
              {state.report.warnings.length > 0 && (
                <>
                  <h3 className="font-medium">{t.notes}</h3>
                  <ul className="ml-5 list-disc text-base-content/80">
                    {state.report.warnings.map((warning) => (
                      <li key={warning}>{warning}</li>
                    ))}
                  </ul>
                </>
              )}
              {state.report.serialNumber && (
                <p className="mt-2 text-base-content/80">{t.serial(state.report.serialNumber)}</p>
              )}
            </div>
          )}
      </div>
    </details>
  );
}
