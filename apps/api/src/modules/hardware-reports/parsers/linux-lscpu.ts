import { cleanLine, type ReportFindings, type ReportParser } from './findings.ts';

/** `lscpu`: "Model name:" (German "Modellname:", French "Nom de modèle :"). */
function parse(text: string): ReportFindings | null {
  if (
    !/^\s*(Architecture|Architektur)\s*:/m.test(text) &&
    !/^\s*(CPU\(s\)|Vendor ID|Hersteller-ID)\s*:/m.test(text)
  )
    return null;
  const match = /^\s{0,8}(Model name|Modellname|Nom de mod.le)\s*:[ \t]*([^\r\n]{1,200})$/m.exec(
    text,
  );
  const processor = cleanLine(match?.[2]);
  if (!processor || processor === '-') return null;
  return { kind: 'linux-lscpu', processor, warnings: [] };
}

export const linuxLscpu: ReportParser = { kind: 'linux-lscpu', parse };
