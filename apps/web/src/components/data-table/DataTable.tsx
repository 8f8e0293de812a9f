import { Group, Pagination, Paper, Skeleton, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import { type ComponentType, Fragment, type ReactNode, useState } from "react";
import { FormError } from "../FormError.tsx";
import classes from "./data-table.module.css";
import type { PageControl } from "./use-page-state.ts";
import { useScrollsSideways } from "./use-scrolls-sideways.ts";

export interface Column<Row, S extends string = never> {
  key: string;
  label: string;
  /** the list's sort field for this column; without it (or without paging) the column does not sort */
  sortField?: S;
  width?: number | string;
  align?: "left" | "right" | "center";
  /** the label names the column for screen readers only (a column of buttons needs no visible heading) */
  labelHidden?: boolean;
  /** the cell is its row's heading (th scope="row"): a sheet of named values, each row one name */
  rowHeader?: boolean;
  render: (row: Row) => ReactNode;
}

/**
 * What `rowElement` gets for one record: it renders the row's DataTableRow itself, with `bg` as its
 * background and `children` (the cells) inside.
 */
export interface DataTableRowProps<Row> {
  row: Row;
  bg: string | undefined;
  children: ReactNode;
}

/** The server sorts and pages (spec §9: 10 a page); the table shows one page, the count and the pager. */
export interface ServerPaging<S extends string> {
  page: PageControl<S>;
  count: number;
}

/**
 * The web app's one table of records (issue 37 §3). Rows undefined is loading (placeholder rows,
 * aria-busy); an empty list shows `empty`; a failed load shows `error` in the table's place. With
 * `paging`, headers with a sort field sort and the footer pages (paging and sort live wherever the
 * page control keeps them, the URL for lists people link to). On a phone the table scrolls inside
 * its frame, so the page itself never scrolls sideways, and the frame then takes keyboard focus.
 *
 * The head row is shown by default; `header="hidden"` keeps the headings for screen readers only
 * (a short list whose cells speak for themselves), `header="none"` leaves the head row out so that
 * row n is the n-th record (an order people rearrange, whose row number is the position).
 */
export function DataTable<Row, S extends string = never>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  error,
  loading,
  paging,
  toolbar,
  footer,
  isSelected,
  minWidth = 640,
  framed = true,
  highlighted,
  rowDetail,
  header = "shown",
  compact = false,
  scrollLabel,
  rowElement: RowElement = DefaultRow,
}: {
  /** accessible name of the table */
  label: string;
  columns: Column<Row, S>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  empty: ReactNode;
  /** a failed load: shown instead of the table */
  error?: string | null;
  /** a load in progress while rows are shown (a new page or sort); by default, while rows are undefined */
  loading?: boolean;
  paging?: ServerPaging<S>;
  toolbar?: ReactNode;
  /** a closing row (a total), by column key; shown once rows are loaded */
  footer?: Partial<Record<string, ReactNode>>;
  /** the row shown beside the table (a master-detail page): tinted */
  isSelected?: (row: Row) => boolean;
  /** below this width the table scrolls inside its frame */
  minWidth?: number;
  /** false inside a card that already frames it */
  framed?: boolean;
  /** a row to draw the eye to (the one just saved) */
  highlighted?: (row: Row) => boolean;
  /** a full-width row shown under a row (what a row's "Show" button opens), or null for none */
  rowDetail?: (row: Row) => ReactNode | null;
  /** "hidden": headings for screen readers only, taking no room; "none": no head row (see above) */
  header?: "shown" | "hidden" | "none";
  /** rows spaced tightly: a short list inside a card of other things */
  compact?: boolean;
  /**
   * names the scroll frame and lets a keyboard focus it at any width; without it the frame takes
   * focus only while the table is wider than it (a phone), so it always scrolls by keyboard
   */
  scrollLabel?: string;
  /**
   * renders each record's row around its cells, for a row that needs its own ref, hook or style (a
   * row dragged into a new order); it must render a DataTableRow with the given `bg` and `children`
   */
  rowElement?: ComponentType<DataTableRowProps<Row>>;
}) {
  const page = paging?.page;
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const scrollsSideways = useScrollsSideways(frame);
  const table = error ? (
    <FormError message={error} />
  ) : (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportRef: setFrame,
        viewportProps:
          scrollLabel !== undefined
            ? { tabIndex: 0, "aria-label": scrollLabel }
            : scrollsSideways
              ? { tabIndex: 0 }
              : undefined,
      }}
    >
      <Table
        aria-label={label}
        verticalSpacing={compact ? 4 : "sm"}
        horizontalSpacing="md"
        highlightOnHover
        aria-busy={loading ?? !rows}
      >
        {header !== "none" && (
          <Table.Thead className={header === "hidden" ? classes.theadHidden : classes.thead}>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  aria-sort={
                    page && column.sortField && page.sortBy === column.sortField
                      ? page.sortDirection === "asc"
                        ? "ascending"
                        : "descending"
                      : undefined
                  }
                >
                  {column.labelHidden || header === "hidden" ? (
                    <VisuallyHidden>{column.label}</VisuallyHidden>
                  ) : page && column.sortField ? (
                    <SortButton
                      label={column.label}
                      active={page.sortBy === column.sortField}
                      direction={page.sortDirection}
                      onClick={() => column.sortField && page.toggleSort(column.sortField)}
                    />
                  ) : (
                    // inline, so a head row reads as its labels (a paragraph would add blank lines around each)
                    <Text span size="sm" fw={600} c="dimmed" className={classes.headLabel}>
                      {column.label}
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>
          {rows === undefined
            ? Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={i}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => {
                const detail = rowDetail?.(row) ?? null;
                return (
                  <Fragment key={rowKey(row)}>
                    <RowElement
                      row={row}
                      bg={
                        highlighted?.(row)
                          ? "var(--mantine-color-teal-light)"
                          : isSelected?.(row)
                            ? "var(--mantine-color-indigo-0)"
                            : undefined
                      }
                    >
                      {columns.map((column) =>
                        column.rowHeader ? (
                          <Table.Th key={column.key} scope="row" w={column.width} ta={column.align}>
                            {column.render(row)}
                          </Table.Th>
                        ) : (
                          // the width here too: without a head row the cells size the columns
                          <Table.Td key={column.key} w={column.width} ta={column.align}>
                            {column.render(row)}
                          </Table.Td>
                        ),
                      )}
                    </RowElement>
                    {detail !== null && (
                      <Table.Tr>
                        <Table.Td colSpan={columns.length}>{detail}</Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
          {rows !== undefined && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="lg">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        {footer && rows !== undefined && (
          <Table.Tfoot>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.align}>
                  {footer[column.key]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
  const body = (
    <>
      {toolbar && <div className={classes.toolbar}>{toolbar}</div>}
      {table}
      {paging && !error && <Pager paging={paging} />}
    </>
  );
  return framed ? <Paper withBorder>{body}</Paper> : body;
}

/** The table row a `rowElement` renders, so that its row looks and behaves like the others. */
export const DataTableRow = Table.Tr;

function DefaultRow<Row>({ bg, children }: DataTableRowProps<Row>) {
  return <DataTableRow bg={bg}>{children}</DataTableRow>;
}

function Pager<S extends string>({ paging: { page, count } }: { paging: ServerPaging<S> }) {
  const totalPages = Math.max(1, Math.ceil(count / page.pageSize));
  const first = count === 0 ? 0 : (page.pageNumber - 1) * page.pageSize + 1;
  const last = Math.min(count, page.pageNumber * page.pageSize);
  return (
    <Group justify="space-between" px="md" py="sm" className={classes.footer}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === 0 ? "No records" : `Showing ${first}–${last} of ${count}`}
      </Text>
      <Pagination
        size="sm"
        total={totalPages}
        value={Math.min(page.pageNumber, totalPages)}
        onChange={page.setPage}
        hideWithOnePage
        getControlProps={(control) => ({
          "aria-label": control === "previous" ? "Previous page" : control === "next" ? "Next page" : control,
        })}
      />
    </Group>
  );
}

function SortButton({
  label,
  active,
  direction,
  onClick,
}: {
  label: string;
  active: boolean;
  direction: "asc" | "desc";
  onClick: () => void;
}) {
  return (
    <UnstyledButton onClick={onClick} className={classes.sortButton} data-active={active || undefined}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} className={classes.headLabel} c="inherit">
          {label}
        </Text>
        {!active ? (
          <IconSelector size={14} aria-hidden />
        ) : direction === "asc" ? (
          <IconChevronUp size={14} aria-hidden />
        ) : (
          <IconChevronDown size={14} aria-hidden />
        )}
      </Group>
    </UnstyledButton>
  );
}
