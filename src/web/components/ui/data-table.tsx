import {
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnDefTemplate,
  type RowData,
  type TableOptions,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** What a column says about its markup; TanStack Table owns the rows and columns, we own the HTML. */
export interface DataColumnMeta {
  /** Classes of the header cell (`hidden md:table-cell` hides the column on small screens). */
  headerClassName?: string;
  /** Classes of the body cells (and of the footer cells unless `footerClassName` is given). */
  className?: string;
  footerClassName?: string;
  /** The column names its row: its cells are `<th scope="row">`. */
  isRowHeader?: boolean;
}

const features = tableFeatures({ columnMeta: {} as DataColumnMeta });
type Features = typeof features;

/** Typed column builders for a DataTable of `TData` (`accessor`, `display`, `columns`). */
export function dataColumns<TData extends RowData>() {
  return createColumnHelper<Features, TData>();
}

/**
 * Calls a header, cell or footer template as a function. FlexRender would mount it as a component
 * instead, and columns built during render (they close over selection, callbacks) would then be a
 * new component type each time: every cell would remount and a focused checkbox or button would
 * lose focus. Templates therefore must not call hooks; they render components that do.
 */
function renderTemplate<TProps extends object>(
  template: ColumnDefTemplate<TProps> | undefined,
  props: TProps,
): ReactNode {
  return typeof template === 'function' ? (template(props) as ReactNode) : template;
}

/**
 * A semantic, responsive `<table>` on TanStack Table: header cells with `scope`, an optional
 * caption (screen-reader only unless styled), row-header columns and a footer row when columns
 * define one. Wrapping (scrolling, cards below a breakpoint) stays with the caller.
 */
export function DataTable<TData extends RowData>({
  data,
  columns,
  getRowId,
  caption,
  captionClassName = 'sr-only',
  id,
  className = 'w-full text-left text-sm',
  headClassName = 'border-b border-slate-200 text-slate-600',
  footClassName = 'border-t border-slate-200 font-semibold',
  rowClassName,
}: {
  data: readonly TData[];
  columns: TableOptions<Features, TData>['columns'];
  getRowId: (row: TData, index: number) => string;
  caption: ReactNode;
  captionClassName?: string;
  id?: string;
  className?: string;
  headClassName?: string;
  footClassName?: string;
  rowClassName?: (row: TData) => string | undefined;
}) {
  const table = useTable({ features, columns, data, getRowId });
  const hasFooter = table.getAllLeafColumns().some((column) => column.columnDef.footer !== undefined);
  return (
    <table id={id} className={className}>
      <caption className={captionClassName}>{caption}</caption>
      <thead className={headClassName}>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col" className={header.column.columnDef.meta?.headerClassName}>
                {header.isPlaceholder ? null : renderTemplate(header.column.columnDef.header, header.getContext())}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody className="divide-y divide-slate-100">
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} className={rowClassName?.(row.original)}>
            {row.getAllCells().map((cell) => {
              const meta = cell.column.columnDef.meta;
              const Cell = meta?.isRowHeader ? 'th' : 'td';
              return (
                <Cell key={cell.id} scope={meta?.isRowHeader ? 'row' : undefined} className={meta?.className}>
                  {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
      {hasFooter ? (
        <tfoot className={footClassName}>
          {table.getFooterGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const Cell = meta?.isRowHeader ? 'th' : 'td';
                return (
                  <Cell
                    key={header.id}
                    scope={meta?.isRowHeader ? 'row' : undefined}
                    className={meta?.footerClassName ?? meta?.className}
                  >
                    {header.isPlaceholder ? null : renderTemplate(header.column.columnDef.footer, header.getContext())}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tfoot>
      ) : null}
    </table>
  );
}
