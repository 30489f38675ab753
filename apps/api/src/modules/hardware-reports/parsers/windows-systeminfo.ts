import {
  cleanLine,
  isPlaceholder,
  ramFromGb,
  wholeNumberWithGroups,
  type ReportFindings,
  type ReportParser,
} from './findings.ts';

/**
 * `systeminfo`: "Label:   value" lines, in Windows' own language, the processors on
 * the lines after their label. Labels in English, German and French; the total memory
 * is also found without them, as the first "<number> MB" line (it comes before the
 * available memory). Accents may arrive mangled (cmd writes its OEM code page), so
 * the labels match any character where one is.
 *
 * systeminfo names a processor only by its family numbers ("Intel64 Family 6 Model
 * 142"), which say nothing a buyer reads: it is left to the seller, or to msinfo32.
 */

const labels = {
  manufacturer: /^(System Manufacturer|Systemhersteller|Fabricant du syst.me)$/i,
  model: /^(System Model|Systemmodell|Mod.le du syst.me)$/i,
  processor: /^(Processor\(s\)|Prozessor\(en\)|Processeur\(s\))$/i,
  memory: /^(Total Physical Memory|Gesamter physischer Speicher|M.moire physique totale)$/i,
  osName: /^(OS Name|Betriebssystemname|Nom du syst.me d.exploitation)$/i,
};

const memoryValue = /^([\d.,\s\u00a0\u202f\uFFFD]{1,15})\s*(MB|Mo)$/i;

/** Every label above, at a line's start, with its value: one pass of one expression. */
const labelLine = new RegExp(
  `^(${Object.values(labels)
    .map((pattern) => pattern.source.slice(2, -2))
    .join('|')})[ \\t]*:[ \\t]+([^\\r\\n]{0,200})`,
  'gim',
);
const anyMemoryLine =
  /^[^:\r\n]{1,60}:[ \t]+([\d.,\s\u00a0\u202f\uFFFD]{1,15}?)[ \t]*(?:MB|Mo)\r?$/im;

function parse(text: string): ReportFindings | null {
  const fields = new Map<string, { value: string; end: number }>();
  labelLine.lastIndex = 0;
  let match: RegExpExecArray | null;
  let seen = 0;
  while ((match = labelLine.exec(text)) && seen < 200) {
    seen += 1;
    for (const [key, pattern] of Object.entries(labels)) {
      if (!fields.has(key) && pattern.test(match[1]!)) {
        fields.set(key, { value: match[2]!.trim(), end: match.index + match[0].length });
      }
    }
    if (fields.size === Object.keys(labels).length) break;
  }
  // Two of its labels, or its OS line and a memory line, make it systeminfo.
  const looksLikeSysteminfo =
    fields.size >= 2 || (fields.has('osName') && anyMemoryLine.test(text));
  if (
    !looksLikeSysteminfo ||
    !(fields.has('model') || fields.has('memory') || fields.has('processor'))
  )
    return null;

  const findings: ReportFindings = { kind: 'windows-systeminfo', warnings: [] };
  const model = cleanLine(fields.get('model')?.value);
  if (model && !isPlaceholder(model))
    findings.model = withMaker(cleanLine(fields.get('manufacturer')?.value), model);

  const memory =
    fields.get('memory')?.value ?? anyMemoryLine.exec(text)?.[0].replace(/^[^:]*:/, '');
  const megabytes = memory === undefined ? undefined : memoryLine(memory);
  const ram = megabytes !== undefined ? ramFromGb(megabytes / 1024) : undefined;
  if (ram !== undefined) findings.ramGb = ram;

  // "[01]: Intel64 Family 6 Model 142 Stepping 10 GenuineIntel ~1896 Mhz", the line after.
  const processorEnd = fields.get('processor')?.end;
  const processorLine =
    processorEnd === undefined
      ? undefined
      : /^\r?\n[ \t]*\[01\]:[ \t]*([^\r\n]{1,200})/.exec(
          text.slice(processorEnd, processorEnd + 300),
        )?.[1];
  if (processorLine && !/\bFamily \d+ Model \d+/i.test(processorLine))
    findings.processor = cleanLine(processorLine);
  else
    findings.warnings.push(
      'systeminfo does not name the processor’s model: type it yourself, or upload msinfo32’s report (msinfo32 /report laptop.txt).',
    );
  return findings;
}

/** "16,218 MB" → 16218, when it is at least 512 MB. */
function memoryLine(text: string): number | undefined {
  const value = memoryValue.exec(text.trim());
  if (!value) return undefined;
  const number = wholeNumberWithGroups(value[1]!.replace(/\uFFFD/g, ''));
  return number !== undefined && number >= 512 ? number : undefined;
}

/** "HP" + "HP EliteBook 840 G5" → "HP EliteBook 840 G5"; "Dell Inc." + "Latitude 7490" → "Dell Latitude 7490". */
export function withMaker(maker: string | undefined, model: string): string {
  if (!maker || isPlaceholder(maker)) return model;
  const short = maker
    .replace(
      /\b(Inc\.?|Corporation|Corp\.?|Co\.,? Ltd\.?|Ltd\.?|GmbH|Computer Inc\.?|COMPUTER INC\.?)$/i,
      '',
    )
    .replace(/^ASUSTeK COMPUTER$/i, 'ASUS')
    .replace(/^Hewlett-Packard$/i, 'HP')
    .replace(/^Micro-Star International$/i, 'MSI')
    .trim();
  if (!short || model.toLowerCase().startsWith(short.toLowerCase()) || /^LENOVO$/i.test(short))
    return model;
  return `${short} ${model}`.slice(0, 120);
}

export const windowsSysteminfo: ReportParser = { kind: 'windows-systeminfo', parse };
