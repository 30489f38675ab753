import {
  cleanLine,
  HardwareReportRefusal,
  isPlaceholder,
  wholeNumberWithGroups,
  type ReportFindings,
  type ReportParser,
} from './findings.ts';
import { htmlTables, type HtmlTable } from './html-tables.ts';

/**
 * `powercfg /batteryreport`: battery-report.html. Its first table names the computer
 * (computer name, system product name, BIOS, …); the second lists the installed
 * batteries (name, manufacturer, serial number, chemistry, design capacity, full charge
 * capacity, cycle count), one column per battery.
 *
 * Windows writes the labels in its own language, so they are read when known (English,
 * German, French) and otherwise by place: the battery rows are the only ones whose
 * values are in mWh (design capacity first, then full charge capacity, then the cycle
 * count), and the system product name is the first table's second row.
 */

const labels = {
  productName: /SYSTEM PRODUCT NAME|SYSTEMPRODUKTNAME|NOM DU PRODUIT/i,
  design:
    /DESIGN CAPACITY|AUSLEGUNGSKAPAZIT|ENTWURFSKAPAZIT|KAPAZIT.T LAUT (AUSLEGUNG|ENTWURF)|CAPACIT. (NOMINALE|TH.ORIQUE|DE CONCEPTION)/i,
  full: /FULL CHARGE CAPACITY|VOLLST.NDIGE LADEKAPAZIT|KAPAZIT.T BEI VOLL|CAPACIT. (DE CHARGE COMPL.TE|. PLEINE CHARGE|MAXIMALE)/i,
  cycles: /CYCLE COUNT|ZYKLUSANZAHL|ANZAHL DER (LADE)?ZYKLEN|NOMBRE DE CYCLES/i,
};

const milliwattHours = /^([\d.,\s\u00a0\u202f']{1,15})\s*mWh$/i;

function isBatteryReport(text: string): boolean {
  return (
    text.includes('schemas.microsoft.com/battery') ||
    /<meta[^>]{0,200}ReportUtcOffset/i.test(text.slice(0, 20_000)) ||
    (/<html/i.test(text.slice(0, 4_000)) &&
      /battery report|akkubericht|rapport de batterie/i.test(text.slice(0, 20_000)))
  );
}

/** The first cell holds the label; the others, one per battery, the values. */
function label(row: HtmlTable['rows'][number]): string {
  return row.labels[0] || row.cells[0] || '';
}

function parse(text: string): ReportFindings | null {
  if (!isBatteryReport(text)) return null;
  const findings: ReportFindings = { kind: 'windows-battery-report', warnings: [] };
  const tables = htmlTables(text);

  // The computer: the first table with a product name row, else the first table's
  // second row when the report is in a language we do not know.
  const systemTable =
    tables.find((table) => table.rows.some((row) => labels.productName.test(label(row)))) ??
    tables[0];
  if (systemTable) {
    const row =
      systemTable.rows.find((r) => labels.productName.test(label(r))) ??
      (systemTable.rows.some((r) => r.cells.some((c) => milliwattHours.test(c)))
        ? undefined
        : systemTable.rows[1]);
    const product = cleanLine(row?.cells[1]);
    // Some makers' firmware repeats the maker: "HP HP EliteBook 840 G5".
    if (product && !isPlaceholder(product)) findings.model = product.replace(/^(\S+) \1 /i, '$1 ');
  }

  // The batteries: the tables whose labelled rows hold mWh (the capacity history
  // further down has dates where the labels are); the first mWh table otherwise.
  const holdsMwh = (row: Row) => row.cells.slice(1).some((cell) => milliwattHours.test(cell));
  const mwhTables = tables.filter((table) => table.rows.some(holdsMwh));
  const labelled = mwhTables.filter((table) =>
    table.rows.some((row) => row.labels[0] && holdsMwh(row)),
  );
  const batteryTables = labelled.length > 0 ? labelled : mwhTables.slice(0, 1);
  if (batteryTables.length === 0) {
    // A desktop has no battery: the report says so in a sentence, and goes on. A
    // report cut short before the batteries could not say it.
    const endsWell = /<\/html>\s*$/i.test(text.slice(-200)) || tables.length >= 3;
    if (!endsWell) throw new HardwareReportRefusal(refusals.noDesignCapacity);
    findings.battery = 'none';
    return findings;
  }
  const batteries = batteryTables.map((table) => readBatteryTable(table, holdsMwh));
  const count = batteries.reduce((n, battery) => n + battery.count, 0);
  const cycles = batteries.map((battery) => battery.cycles).filter((c) => c !== undefined);
  findings.battery = {
    designCapacity: batteries.reduce((n, battery) => n + battery.design, 0),
    fullChargeCapacity: batteries.reduce((n, battery) => n + battery.full, 0),
    cycles: cycles.length > 0 ? Math.max(...cycles) : undefined,
  };
  if (cycles.length === 0) {
    findings.warnings.push(
      'The battery report gives no cycle count: this laptop does not count them.',
    );
  }
  if (count > 1) {
    findings.warnings.push(
      'This laptop has more than one battery: their capacities were added up, and the cycle count is the highest of theirs.',
    );
  }
  return findings;
}

type Row = HtmlTable['rows'][number];

/** One table of installed batteries (one column per battery). */
function readBatteryTable(table: HtmlTable, holdsMwh: (row: Row) => boolean) {
  const capacityRows = table.rows.filter(holdsMwh);
  const designRow = capacityRows.find((row) => labels.design.test(label(row)));
  const fullRow = capacityRows.find((row) => labels.full.test(label(row)));
  const known = designRow || fullRow;
  // Labels we know say which is which; else the order does (design first).
  const design = sum(known ? designRow : capacityRows[0]);
  const full = sum(known ? fullRow : capacityRows[1]);
  if (design === undefined) throw new HardwareReportRefusal(refusals.noDesignCapacity);
  if (full === undefined) throw new HardwareReportRefusal(refusals.noFullCharge);
  // The cycle count: its label, else the first row after the full charge capacity.
  const after = table.rows.indexOf((known ? fullRow : capacityRows[1])!);
  const cycleRow =
    table.rows.find((row) => labels.cycles.test(label(row))) ??
    table.rows.slice(after + 1).find((row) => row.cells.length > 1);
  const cycleText = cycleRow?.cells[1]?.trim() ?? '';
  const cycles = /^[\d.,\s\u00a0\u202f]{1,9}$/.test(cycleText)
    ? wholeNumberWithGroups(cycleText)
    : undefined;
  const count = Math.max(1, ...capacityRows.map((row) => row.cells.length - 1));
  return { design, full, cycles, count };
}

/** A row's capacities added up, one per battery column. */
function sum(row: Row | undefined): number | undefined {
  if (!row) return undefined;
  let total: number | undefined;
  for (const cell of row.cells.slice(1)) {
    const match = milliwattHours.exec(cell);
    const value = match ? wholeNumberWithGroups(match[1]!) : undefined;
    if (value !== undefined) total = (total ?? 0) + value;
  }
  return total;
}

export const refusals = {
  noDesignCapacity:
    'This looks like a battery report, but it has no design capacity: it may have been cut short. Run powercfg /batteryreport again and upload the new file.',
  noFullCharge:
    'This looks like a battery report, but it has no full charge capacity: it may have been cut short. Run powercfg /batteryreport again and upload the new file.',
};

export const windowsBatteryReport: ReportParser = { kind: 'windows-battery-report', parse };
