import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { participantRoutes, type RecentContact } from "@signet/contract";
import { IconAddressBook } from "@tabler/icons-react";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../../../api/client.ts";
import { useBuilder } from "../builder-context.tsx";

/** How a recent contact reads in the list: who, how they are reached, what they were last time. */
export function recentContactLabel(contact: RecentContact): string {
  const name = [contact.givenName, contact.familyName].filter(Boolean).join(" ");
  return [name, contact.email, contact.type].filter(Boolean).join(" · ");
}

/**
 * Issue 33 §3: someone already sent to (the title company, borrowers of an earlier disclosure
 * package) is added again by choosing them, with the names, contact, type and what they did last
 * time, instead of typing it all. People already in this package are not offered.
 */
export function RecentContactPicker(props: {
  /** emails of the package's participants */
  present: readonly string[];
  onAdd: (contact: RecentContact) => Promise<boolean>;
}) {
  const { organizationId } = useBuilder();
  const [search, setSearch] = useState("");
  const [text] = useDebouncedValue(search.trim(), 200);
  const contacts = useQuery({
    queryKey: ["recent-contacts", organizationId, text],
    queryFn: ({ signal }) =>
      api(participantRoutes.listRecentContacts, {
        params: { orgId: organizationId },
        query: text ? { text } : {},
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const add = useMutation({ mutationFn: props.onAdd });
  const offered = (contacts.data?.records ?? []).filter((contact) => !props.present.includes(contact.email));

  return (
    <Select
      label="Add someone you have sent to before"
      description="Type a name or email, then choose the person: they are added as they were last time."
      placeholder="Name or email"
      leftSection={<IconAddressBook size={18} aria-hidden />}
      searchable
      clearable={false}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      data={offered.map((contact) => ({ value: contact.email, label: recentContactLabel(contact) }))}
      // the server already matched the words against names and emails
      filter={({ options }) => options}
      nothingFoundMessage={contacts.isFetching ? "Looking…" : "Nobody found: add them with the form below."}
      disabled={add.isPending}
      onChange={(email) => {
        const contact = offered.find((candidate) => candidate.email === email);
        if (!contact) return;
        setSearch("");
        add.mutate(contact);
      }}
      maw={520}
    />
  );
}
