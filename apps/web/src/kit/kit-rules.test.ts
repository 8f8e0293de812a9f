import { describe, expect, it } from "vitest";
import { kitViolations } from "./kit-rules.ts";

describe("kitViolations", () => {
  it("finds Mantine's Table among the imports, not a DataTable", () => {
    expect(kitViolations(`import { Group, Table, Text } from "@mantine/core";`)).toEqual(["table"]);
    expect(kitViolations(`import {\n  Paper,\n  Table,\n} from "@mantine/core";`)).toEqual(["table"]);
    expect(kitViolations(`import { DataTable } from "../components/data-table/DataTable.tsx";`)).toEqual([]);
    expect(kitViolations(`import { TableOfContents } from "@mantine/core";`)).toEqual([]);
  });

  it("finds a form without useForm", () => {
    expect(kitViolations(`return <form onSubmit={submit}><input /></form>;`)).toEqual(["form"]);
    expect(kitViolations(`const form = useForm<In>({});\nreturn <form onSubmit={form.handleSubmit(x)} />;`)).toEqual(
      [],
    );
    expect(kitViolations(`// a <formatted> date`)).toEqual([]);
  });

  it("finds busy and error flags kept by hand", () => {
    expect(kitViolations(`const [saving, setSaving] = useState(false);`)).toEqual(["write-state"]);
    expect(kitViolations(`const [isDeleting, setIsDeleting] = useState<boolean>(false);`)).toEqual(["write-state"]);
    expect(kitViolations(`const [formError, setFormError] = useState<string | null>(null);`)).toEqual(["write-state"]);
    expect(kitViolations(`const [opened, setOpened] = useState(false);`)).toEqual([]);
    expect(kitViolations(`const save = useMutation({ mutationFn });`)).toEqual([]);
  });
});
