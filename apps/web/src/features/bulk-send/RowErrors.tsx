import { type Column, DataTable } from "../../components/data-table/DataTable.tsx";

interface RowError {
  line: number;
  reason: string;
}

const COLUMNS: Column<RowError>[] = [
  { key: "line", label: "Line", width: 80, render: (row) => row.line },
  { key: "reason", label: "Reason", render: (row) => row.reason },
];

/** The CSV rows a bulk send leaves out (found by the check) or failed on (found by the job), by line. */
export function RowErrors({ label, rows }: { label: string; rows: RowError[] }) {
  return (
    <DataTable
      label={label}
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => String(row.line)}
      empty={null}
      minWidth={480}
    />
  );
}
