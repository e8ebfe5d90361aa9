import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { parseGs1, toGtin14 } from '#shared/gs1.ts';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import { checkUtsLineUnits, utsLineUnitsSchema, type UtsLineUnits, type UtsTrackedLines } from '#shared/schemas/uts.ts';
import { Button } from '../../components/ui/button.tsx';
import { controlClasses } from '../../components/ui/form-field.tsx';

const d = utsMessages.dialog;

type TrackedLine = UtsTrackedLines['lines'][number];

/** One row of units as typed: text until the form is sent. */
export interface UnitRow {
  key: number;
  gtin: string;
  lot: string;
  serial: string;
  expiry: string;
  quantity: string;
}

let rowKey = 0;
const newRow = (fields: Partial<UnitRow>): UnitRow => ({
  key: (rowKey += 1),
  gtin: '',
  lot: '',
  serial: '',
  expiry: '',
  quantity: '1',
  ...fields,
});

/** A row's inputs in screen order: the GTIN spans the phone's width, the quantity stays narrow. */
const unitFields: {
  name: keyof Omit<UnitRow, 'key'>;
  className?: string;
  type?: string;
  inputMode?: 'numeric';
}[] = [
  { name: 'gtin', className: 'col-span-2', inputMode: 'numeric' },
  { name: 'lot', className: 'sm:col-span-2' },
  { name: 'serial', className: 'sm:col-span-2' },
  { name: 'expiry', className: 'sm:col-span-2', type: 'date' },
  { name: 'quantity', inputMode: 'numeric' },
];

/** The rows of every tracked line, keyed by order line id. */
export type UnitRowsByLine = Record<string, UnitRow[]>;

/**
 * The units as the API takes them, checked as the server will check them; or, per line, the
 * first problem (Turkish), so nothing is sent that the server would refuse.
 */
export function collectUtsUnits(
  lines: readonly TrackedLine[],
  rows: UnitRowsByLine,
): { units: UtsLineUnits[]; errors: Record<string, string> } {
  const units: UtsLineUnits[] = [];
  const errors: Record<string, string> = {};
  for (const line of lines) {
    const parsed = utsLineUnitsSchema.safeParse({
      orderLineId: line.orderLineId,
      units: (rows[line.orderLineId] ?? []).map((r) => ({
        gtin: r.gtin,
        lot: r.lot,
        serial: r.serial,
        expiry: r.expiry,
        quantity: Number(r.quantity),
      })),
    });
    if (!parsed.success) {
      errors[line.orderLineId] =
        (rows[line.orderLineId] ?? []).length === 0
          ? utsMessages.ship.unitsMissing(line.productName)
          : (parsed.error.issues[0]?.message ?? utsMessages.ship.unitsMissing(line.productName));
      continue;
    }
    const problem = checkUtsLineUnits(line, parsed.data.units);
    if (problem) errors[line.orderLineId] = problem;
    else units.push(parsed.data);
  }
  return { units, errors };
}

function unitCount(rows: readonly UnitRow[]): number {
  return rows.reduce((sum, r) => sum + (Number.isInteger(Number(r.quantity)) ? Number(r.quantity) : 0), 0);
}

/**
 * One tracked line's units: a scan field (a scanner types the box's GS1 DataMatrix and Enter; a
 * pasted string works too) that fills a row, and the rows to correct or type by hand.
 */
function UtsLineUnitsEditor({
  line,
  rows,
  error,
  onChange,
}: {
  line: TrackedLine;
  rows: UnitRow[];
  error?: string;
  onChange: (rows: UnitRow[]) => void;
}) {
  const id = useId();
  const [scanText, setScanText] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const title = `${line.marka} ${line.modelKodu} – ${line.productName}`;

  const scan = (text: string) => {
    const result = parseGs1(text);
    if (!result.ok) {
      setScanError(result.error);
      return;
    }
    const { gtin, lot, serial, expiry } = result.data;
    if (!line.barcode || toGtin14(line.barcode) !== gtin) {
      setScanError(utsMessages.ship.gtinMismatch(line.productName));
      return;
    }
    setScanError(null);
    setScanText('');
    // A second box of the same lot (no serial) adds to its row.
    const same = serial ? -1 : rows.findIndex((r) => !r.serial && r.lot === (lot ?? '') && r.gtin === gtin);
    if (same >= 0) {
      onChange(rows.map((r, i) => (i === same ? { ...r, quantity: String(unitCount([r]) + 1) } : r)));
    } else {
      // An empty row (the first one shown) is filled rather than left behind.
      const kept = rows.filter((r) => r.lot || r.serial);
      onChange([...kept, newRow({ gtin, lot: lot ?? '', serial: serial ?? '', expiry: expiry ?? '', quantity: '1' })]);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    scan(event.currentTarget.value);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!text) return;
    event.preventDefault();
    scan(text);
  };
  const update = (key: number, field: keyof Omit<UnitRow, 'key'>, value: string) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const count = unitCount(rows);

  return (
    <fieldset
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      aria-describedby={`${id}-count`}
      data-uts-line
      data-gtin={line.barcode ? toGtin14(line.barcode) : ''}
      data-quantity={line.quantity}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {line.barcode ? <p className="text-xs text-slate-600">{d.expectedGtin(toGtin14(line.barcode))}</p> : null}
      <p
        id={`${id}-count`}
        aria-live="polite"
        className={`text-sm ${count === line.quantity ? 'text-emerald-700' : 'text-slate-600'}`}
      >
        {d.count(count, line.quantity)}
      </p>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-scan`} className="block text-sm font-medium text-slate-800">
          {d.scanLabel(line.productName)}
        </label>
        <input
          id={`${id}-scan`}
          className={controlClasses}
          autoComplete="off"
          spellCheck={false}
          value={scanText}
          onChange={(event) => setScanText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          aria-invalid={scanError ? true : undefined}
          aria-describedby={scanError ? `${id}-scan-error` : `${id}-scan-hint`}
        />
        {scanError ? (
          <p id={`${id}-scan-error`} role="alert" className="text-sm text-red-700">
            {scanError}
          </p>
        ) : (
          <p id={`${id}-scan-hint`} className="text-xs text-slate-500">
            {d.scanHint}
          </p>
        )}
      </div>
      <ul className="space-y-3">
        {rows.map((row, index) => (
          <li key={row.key} className="grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 sm:grid-cols-6">
            {unitFields.map((field) => (
              <UnitInput
                key={field.name}
                label={d[field.name]}
                n={index + 1}
                className={field.className}
                type={field.type}
                inputMode={field.inputMode}
                value={row[field.name]}
                onChange={(v) => update(row.key, field.name, v)}
              />
            ))}
            <div className="flex items-end">
              <Button
                variant="ghost"
                aria-label={`${d.removeRow} ${index + 1}`}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              >
                {d.removeRow}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        onClick={() => onChange([...rows, newRow({ gtin: line.barcode ? toGtin14(line.barcode) : '' })])}
      >
        {d.addRow}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function UnitInput({
  label,
  n,
  className = '',
  value,
  onChange,
  type = 'text',
  inputMode,
}: {
  label: string;
  n: number;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  inputMode?: 'numeric';
}) {
  const id = useId();
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label} <span className="sr-only">{d.rowLabel(n)}</span>
      </label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        className={controlClasses}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The ÜTS part of the ship dialog: every tracked line's units. */
export function UtsUnitsFields({
  lines,
  rows,
  errors,
  onChange,
}: {
  lines: readonly TrackedLine[];
  rows: UnitRowsByLine;
  errors: Record<string, string>;
  onChange: (rows: UnitRowsByLine) => void;
}) {
  if (lines.length === 0) return null;
  return (
    <section className="space-y-3" aria-labelledby="uts-units-heading">
      <h3 id="uts-units-heading" className="text-base font-semibold text-slate-900">
        {d.heading}
      </h3>
      <p className="text-sm text-slate-600">{d.lead}</p>
      {lines.map((line) => (
        <UtsLineUnitsEditor
          key={line.orderLineId}
          line={line}
          rows={rows[line.orderLineId] ?? []}
          error={errors[line.orderLineId]}
          onChange={(next) => onChange({ ...rows, [line.orderLineId]: next })}
        />
      ))}
    </section>
  );
}
