import { cleanLine, isPlaceholder, type ReportFindings, type ReportParser } from './findings.ts';
import { withMaker } from './windows-systeminfo.ts';

/**
 * `sudo dmidecode -t system`: the "System Information" block, tab-indented
 * "Key: Value" lines (Manufacturer, Product Name, Version, Serial Number, Family).
 * Lenovo puts a machine type in Product Name ("20XW0055GE") and the name people know
 * in Version ("ThinkPad X1 Carbon Gen 9").
 */
function parse(text: string): ReportFindings | null {
  const start = text.search(/^System Information\s*$/m);
  if (start === -1) return null;
  const values = new Map<string, string>();
  for (const line of text.slice(start).split(/\r?\n/, 400).slice(1)) {
    const match = /^\s+([A-Za-z][A-Za-z -]{0,30}):\s*(.{0,200})$/.exec(line);
    if (!match) {
      if (line.trim() === '' || !/^\s/.test(line)) break;
      continue;
    }
    values.set(match[1]!, match[2]!.trim());
  }
  const findings: ReportFindings = { kind: 'linux-dmidecode', warnings: [] };
  const maker = cleanLine(values.get('Manufacturer'));
  const product = cleanLine(values.get('Product Name'));
  const version = cleanLine(values.get('Version'));
  const lenovoName =
    /^LENOVO$/i.test(maker ?? '') && version && !isPlaceholder(version) ? version : undefined;
  const name = lenovoName
    ? `Lenovo ${lenovoName}`
    : product && !isPlaceholder(product)
      ? product
      : undefined;
  if (name) findings.model = withMaker(maker, name);
  const serial = cleanLine(values.get('Serial Number'), 40);
  if (serial && !isPlaceholder(serial)) findings.serialNumber = serial;
  return findings.model || findings.serialNumber ? findings : null;
}

export const linuxDmidecode: ReportParser = { kind: 'linux-dmidecode', parse };
