import {
  cleanLine,
  isPlaceholder,
  ramFromGb,
  type ReportFindings,
  type ReportParser,
} from './findings.ts';
import { withMaker } from './windows-systeminfo.ts';

/**
 * `msinfo32 /report laptop.txt`: "[System Summary]" then "Item<TAB>Value" lines
 * (UTF-16, which the dispatcher has already decoded). English labels only: its section
 * name and tab layout are how it is recognised.
 */
function parse(text: string): ReportFindings | null {
  if (!/\[System Summary\]/i.test(text.slice(0, 20_000))) return null;
  const items = new Map<string, string>();
  for (const line of text.split(/\r?\n/, 200_000)) {
    const tab = line.indexOf('\t');
    if (tab <= 0 || tab > 60 || line.length > 400) continue;
    const key = line.slice(0, tab).trim().toLowerCase();
    if (!items.has(key)) items.set(key, line.slice(tab + 1).trim());
  }
  const findings: ReportFindings = { kind: 'windows-msinfo32', warnings: [] };
  const model = cleanLine(items.get('system model'));
  if (model && !isPlaceholder(model))
    findings.model = withMaker(cleanLine(items.get('system manufacturer')), model);
  // "Intel(R) Core(TM) i5-8350U CPU @ 1.70GHz, 1896 Mhz, 4 Core(s), 8 Logical Processor(s)"
  const processor = cleanLine(items.get('processor')?.split(',')[0]);
  if (processor) findings.processor = processor;
  // "16.0 GB"
  const memory = /^([\d.,]{1,8})\s*GB$/i.exec(items.get('installed physical memory (ram)') ?? '');
  if (memory) {
    const ram = ramFromGb(Number(memory[1]!.replace(',', '.')));
    if (ram !== undefined) findings.ramGb = ram;
  }
  if (!findings.model && !findings.processor && findings.ramGb === undefined) return null;
  return findings;
}

export const windowsMsinfo32: ReportParser = { kind: 'windows-msinfo32', parse };
