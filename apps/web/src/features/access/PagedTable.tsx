import { Group, Pagination, Paper, Skeleton, Table, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconSelector } from "@tabler/icons-react";
import type { ReactNode } from "react";
import classes from "./access.module.css";
import type { PageControl } from "./use-page-state.ts";

export interface Column<Row, S extends string> {
  key: string;
  label: string;
  /** the list's sort field for this column; without it the column does not sort */
  sortField?: S;
  width?: number | string;
  align?: "left" | "right" | "center";
  render: (row: Row) => ReactNode;
}

/**
 * A paged, sortable list (spec §9: 10 a page): the server sorts and pages, the table shows one page
 * with the total count and the pager.
 */
export function PagedTable<Row, S extends string>({
  label,
  columns,
  rows,
  count,
  page,
  loading,
  rowKey,
  empty,
  toolbar,
}: {
  /** accessible name of the table */
  label: string;
  columns: Column<Row, S>[];
  rows: Row[] | undefined;
  count: number;
  page: PageControl<S>;
  loading: boolean;
  rowKey: (row: Row) => string;
  empty: ReactNode;
  toolbar?: ReactNode;
}) {
  const totalPages = Math.max(1, Math.ceil(count / page.pageSize));
  const first = count === 0 ? 0 : (page.pageNumber - 1) * page.pageSize + 1;
  const last = Math.min(count, page.pageNumber * page.pageSize);

  return (
    <Paper withBorder>
      {toolbar && <div className={classes.toolbar}>{toolbar}</div>}
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={label} verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-busy={loading}>
          <Table.Thead className={classes.thead}>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  ta={column.align}
                  aria-sort={
                    column.sortField && page.sortBy === column.sortField
                      ? page.sortDirection === "asc"
                        ? "ascending"
                        : "descending"
                      : undefined
                  }
                >
                  {column.sortField ? (
                    <SortButton
                      label={column.label}
                      active={page.sortBy === column.sortField}
                      direction={page.sortDirection}
                      onClick={() => column.sortField && page.toggleSort(column.sortField)}
                    />
                  ) : (
                    <Text size="sm" fw={600} c="dimmed" className={classes.headLabel}>
                      {column.label}
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
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
              : rows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.align}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
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
        </Table>
      </Table.ScrollContainer>
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
    </Paper>
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
